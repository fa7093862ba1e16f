// Type-checks mistakes/Mistakes.svelte, where each line after a `MISTAKE:` comment is wrong on
// purpose, and fails unless svelte-check reports an error on every one of those lines (and nowhere
// else): the generated types are proven to catch a wrong attribute type and a wrong event detail.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = 'mistakes/Mistakes.svelte';
const lines = readFileSync(file, 'utf8').split('\n');
const expected = lines.flatMap((line, index) => (/MISTAKE:/.test(line) ? [{ line: index + 2, what: line.replace(/.*MISTAKE:\s*|\s*-->.*/g, '') }] : []));
const result = spawnSync('npx', ['svelte-check', '--tsconfig', './tsconfig.mistakes.json', '--output', 'machine'], { encoding: 'utf8' });
const output = `${result.stdout}${result.stderr}`;
// Machine output: `<time> ERROR "mistakes/Mistakes.svelte" <line>:<column> "<message>"` (1-based line).
const reported = [...output.matchAll(/ ERROR "mistakes\/Mistakes\.svelte" (\d+):\d+ "([^"]*)/g)].map(([, line, message]) => ({ line: Number(line), message }));
const problems = [];
for (const { line, what } of expected) if (!reported.some((error) => error.line === line)) problems.push(`line ${line} (${what}): svelte-check found nothing wrong`);
for (const error of reported) if (!expected.some(({ line }) => line === error.line)) problems.push(`line ${error.line}: an error where none was meant (${error.message.slice(0, 120)})`);
if (problems.length) {
  console.error(`${file}:\n  ${problems.join('\n  ')}\n${output}`);
  process.exit(1);
}
console.log(`${file}: svelte-check rejects all ${expected.length} mistakes`);
