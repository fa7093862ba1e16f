// Prints the gzip -9 size of the merchant's script (`dist/cart-widget.js`); builds it first if missing.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const file = 'dist/cart-widget.js';
if (!existsSync(file)) execSync('npx vite build', { stdio: 'inherit' });
const code = readFileSync(file);
const gzip = gzipSync(code, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log(`${file}: ${kb(code.length)} minified, ${kb(gzip)} gzip -9 (${gzip} bytes)`);
