// `npm run release` — everything a release needs, without publishing: checks that the working tree
// is committed and that CHANGELOG.md has a section for package.json's version (or, before the
// version is bumped, an "Unreleased" one), runs the package checks (`node test/consumers/run.mjs`:
// build, pack, dist/lib, manifest against the shipped files and the source, publint,
// arethetypeswrong, the import-map page, every consumer project), then `npm publish --dry-run`,
// which prints what the tarball would hold.
//
// `npm run release -- --publish` does the same, then publishes for real and tags the commit
// `v<version>`: only with a dated CHANGELOG section for the version (`## 0.2.0 — 2026-12-01`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const publish = process.argv.includes('--publish');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function run(command, args, { capture = false } = {}) {
  console.log(`release: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  if (result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`release: stopped: ${command} ${args.join(' ')} exited with ${result.status}`);
    process.exit(1);
  }
  return result.stdout ?? '';
}
const stop = (why) => {
  console.error(`release: stopped: ${why}`);
  process.exit(1);
};

// 1. What is released is committed, and the changelog says what it is.
const dirty = run('git', ['status', '--porcelain'], { capture: true }).trim();
if (dirty) stop(`the working tree has changes that would not be in the release:\n${dirty}`);
const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
const section = changelog.match(new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(.*)$`, 'm'));
if (publish && !(section && /\d{4}-\d{2}-\d{2}/.test(section[1]))) stop(`CHANGELOG.md has no dated section "## ${version} — YYYY-MM-DD"`);
if (!section && !/^## Unreleased/m.test(changelog)) stop(`CHANGELOG.md has neither a "## ${version}" nor an "## Unreleased" section`);

// 2. The package as a stranger gets it (the same checks as the end of `npm test`).
run('node', ['test/consumers/run.mjs']);

// 3. What npm would publish (the build is fresh from step 2: no second build).
run('npm', ['publish', '--dry-run', '--ignore-scripts']);
if (!publish) {
  console.log(`release: ${name}@${version} is ready (dry run: nothing published). To publish: bump the version, date its CHANGELOG section, commit, then \`npm run release -- --publish\`.`);
  process.exit(0);
}

// 4. For real.
run('npm', ['publish', '--ignore-scripts']);
run('git', ['tag', '-a', `v${version}`, '-m', `${name} ${version}`]);
console.log(`release: published ${name}@${version} and tagged v${version}; push the tag: git push origin v${version}`);
