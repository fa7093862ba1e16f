// Runs before `npm test`: the tests need a Chromium, and no tool here may download one.
// Uses CHROME_PATH or Debian's /usr/bin/chromium; on a fresh Debian machine (as root) installs it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(candidate)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    console.error(`No Chromium at ${candidate}. Install Chromium (Debian: apt-get install -y chromium) or set CHROME_PATH.`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq && apt-get install -y -qq chromium > /tmp/chromium-install.log 2>&1', {
    stdio: 'inherit',
    env,
    shell: '/bin/bash',
  });
}
