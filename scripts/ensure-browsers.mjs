// Runs before the tests: they need the engines CW_BROWSERS names (scripts/browsers.mjs), and no tool
// here may download a browser. Uses Debian's packages; on a fresh Debian machine (as root) installs
// the missing ones: chromium; firefox-esr; webkit2gtk-driver (WebKitWebDriver and MiniBrowser) with
// xvfb, as WebKitGTK needs a display.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { missingEngines, paths, selectedEngines } from './browsers.mjs';

const PACKAGES = { chromium: ['chromium'], firefox: ['firefox-esr'], webkit: ['webkit2gtk-driver', 'xvfb'] };
const OVERRIDE = { chromium: 'CHROME_PATH', firefox: 'FIREFOX_PATH', webkit: 'WEBKIT_DRIVER_PATH' };

const engines = selectedEngines(process.argv[2] ?? process.env.CW_BROWSERS);
const missing = missingEngines(engines);
if (engines.includes('webkit') && !existsSync('/usr/bin/Xvfb') && !process.env.CW_WEBKIT_DISPLAY) missing.push('webkit');

if (missing.length) {
  const packages = [...new Set(missing.flatMap((engine) => PACKAGES[engine]))];
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    for (const engine of new Set(missing)) console.error(`No ${engine} at ${paths[engine]}: set ${OVERRIDE[engine]}.`);
    console.error(`Install them (Debian: apt-get install -y ${packages.join(' ')}).`);
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} from Debian (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`apt-get update -qq && apt-get install -y -qq ${packages.join(' ')} > /tmp/browsers-install.log 2>&1`, {
    stdio: 'inherit',
    env,
    shell: '/bin/bash',
  });
}
