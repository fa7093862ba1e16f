// Debian's Chromium, headless, for the scripts (screenshot, bench). Never a downloaded browser: the
// same binary the tests use (`CHROME_PATH` overrides). As root it needs `--no-sandbox`.
export function launchChromium(puppeteer, extraArgs = []) {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
