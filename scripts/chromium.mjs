// Debian's Chromium, headless, for the scripts (screenshot, bench). Never a downloaded browser: the
// same binary the tests use (`CHROME_PATH` overrides). As root it needs `--no-sandbox`.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(puppeteer, extraArgs = []) {
  return puppeteer.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] });
}
