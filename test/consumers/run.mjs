// `npm run test:consumers` (the last step of `npm test`): the package as a stranger gets it.
// 1. Builds and packs the package; checks dist/lib and the manifest (test/package/*.mjs: the
//    manifest against the shipped files, and against the source — events, parts, custom properties).
// 2. publint and arethetypeswrong on the tarball; any error fails.
// 3. Opens the README's import-map page on the unpacked tarball in Chromium (test/package/import-map.mjs).
// 4. Installs the tarball into each project under test/consumers/ (a fresh copy outside this repo,
//    so nothing resolves from our own node_modules) and runs its `check` script: type-check + build.
// Needs the npm registry and nothing else. Prints one line per step, and the tools' output only
// when they fail. Exits non-zero when anything fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const consumersDir = join(root, 'test/consumers');
// Outside the repository (no parent node_modules to fall back on); kept between runs, so a second
// run reuses the consumers' installed tools and only replaces cart-widget.
const work = join(tmpdir(), `cart-widget-consumers-${createHash('sha1').update(root).digest('hex').slice(0, 8)}`);
const bin = (name) => join(root, 'node_modules/.bin', name);
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The environment of `npm test` minus npm's own variables, which would point a nested npm at this project. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/**
 * Runs a command; resolves with its standard output, rejects (with everything it printed) when it
 * fails.
 */
function run(command, args, cwd = root) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((output += chunk), (stdout += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => reject(Object.assign(error, { output })));
    child.on('close', (code) => {
      if (code === 0) resolvePromise(stdout);
      else reject(Object.assign(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}`), { output }));
    });
  });
}

const npmQuiet = ['--no-audit', '--no-fund', '--loglevel=error', '--package-lock=false'];
const failures = [];
async function step(name, action) {
  const since = Date.now();
  try {
    const note = await action();
    console.log(`consumers: ${name}: ok (${seconds(since)})${note ? ` — ${note}` : ''}`);
  } catch (error) {
    failures.push(name);
    console.error(`consumers: ${name}: FAILED (${seconds(since)})\n${error.message}\n${(error.output ?? '').trim()}\n`);
  }
}

const consumers = readdirSync(consumersDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(consumersDir, entry.name, 'package.json')))
  .map((entry) => entry.name);
const elements = readdirSync(join(root, 'src/elements'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `./elements/${entry.name}`);

// 1. Build and pack, while each consumer installs its own tools -----------------------------------
// `npm test` has just built the script tag and dist/lib (`--after-test-build`): only the type
// declarations and the manifest are missing. Alone, this builds everything.
const afterTestBuild = process.argv.includes('--after-test-build');
let tarball;
mkdirSync(work, { recursive: true });
await Promise.all([
  step('build + pack', async () => {
    if (afterTestBuild) {
      await run(bin('vite'), ['build', '--mode', 'esm', '--logLevel', 'warn']);
      await run(bin('tsc'), ['-p', 'tsconfig.build.json']);
      await run('npm', ['run', 'manifest']);
    } else {
      await run('npm', ['run', 'build']);
    }
    for (const old of readdirSync(work).filter((file) => file.endsWith('.tgz'))) rmSync(join(work, old));
    const [packed] = JSON.parse(await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work]));
    tarball = join(work, packed.filename);
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    return `${packed.filename}: ${kb(statSync(tarball).size)} packed, ${kb(packed.unpackedSize)} unpacked, ${packed.entryCount} files`;
  }),
  ...consumers.map((name) =>
    step(`consumer ${name}: install its tools`, async () => {
      const dir = join(work, name);
      mkdirSync(dir, { recursive: true });
      for (const entry of readdirSync(dir)) if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true });
      rmSync(join(dir, 'node_modules/cart-widget'), { recursive: true, force: true });
      cpSync(join(consumersDir, name), dir, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
      await run('npm', ['install', ...npmQuiet], dir);
    }),
  ),
]);
if (!tarball || failures.length) {
  console.log(`consumers: FAILED: ${failures.join(', ')} (${seconds(started)})`);
  process.exit(1);
}

await step('dist/lib holds our modules only', async () => (await run('node', ['test/package/dist-lib.mjs'])).trim().replace(/^dist\/lib: /, ''));
await step('the manifest describes the shipped files', async () => (await run('node', ['test/package/manifest.mjs'])).trim().replace(/^custom-elements.json: /, ''));
await step('the manifest tells what the source does', async () => (await run('node', ['test/package/manifest-truth.mjs'])).trim().replace(/^custom-elements.json: /, ''));

// 2. - 4. Lint the tarball, open the import-map page and build the consumers on it, side by side-------------------------
await Promise.all([
  step('publint', async () => {
    const output = await run(bin('publint'), [tarball]);
    // publint fails (non-zero) on errors only; its warnings and suggestions are shown, not fatal.
    const notes = output.split('\n').filter((line) => /^\s*\d+\.\s/.test(line) || /warning|suggestion/i.test(line));
    return notes.length ? `notes:\n${notes.join('\n')}` : 'no errors, warnings or suggestions';
  }),
  // ESM-only package: the `esm-only` profile leaves out node10 and require() resolution. The
  // stylesheet export (`cart-widget/cart-widget.css`) has no types to resolve.
  step('arethetypeswrong', async () => {
    await run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii', '--include-entrypoints', ...elements, '--exclude-entrypoints', './cart-widget.css']);
    return `every entry point resolves to types under node16 (ESM) and bundler, including ${elements.length} element entry points`;
  }),
  // The README's two-entry import map on dist/esm/ of the unpacked tarball, in Chromium.
  step('import map page', async () => {
    const unpacked = join(work, 'import-map');
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', unpacked]);
    return (await run('node', ['test/package/import-map.mjs', join(unpacked, 'package')])).trim().replace(/^import map /, '');
  }),
  ...consumers.map((name) =>
    step(`consumer ${name}`, async () => {
      const dir = join(work, name);
      await run('npm', ['install', ...npmQuiet, tarball], dir);
      await run('npm', ['run', 'check'], dir);
      const { scripts } = JSON.parse(readFileSync(join(consumersDir, name, 'package.json'), 'utf8'));
      return `installed the tarball, ran \`${scripts.check}\``;
    }),
  ),
]);

console.log(`consumers: ${failures.length ? `FAILED: ${failures.join(', ')}` : 'all checks ok'} (${seconds(started)})`);
process.exit(failures.length ? 1 : 0);
