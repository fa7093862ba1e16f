// Type-checks mistakes/Mistakes.vue, where each line after a `MISTAKE` comment is wrong on
// purpose, and fails unless vue-tsc reports an error on every one of those lines (and nowhere
// else): the generated types are proven to catch a wrong attribute type and a wrong event detail.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = 'mistakes/Mistakes.vue';
const lines = readFileSync(file, 'utf8').split('\n');
const expected = lines.flatMap((line, index) => (/MISTAKE:/.test(line) ? [{ line: index + 2, what: line.replace(/.*MISTAKE:\s*|\s*-->.*/g, '') }] : []));
const result = spawnSync('npx', ['vue-tsc', '--noEmit', '--pretty', 'false', '-p', 'tsconfig.mistakes.json'], { encoding: 'utf8' });
const output = `${result.stdout}${result.stderr}`;
const reported = [...output.matchAll(/Mistakes\.vue\((\d+),\d+\): error (TS\d+)/g)].map(([, line, code]) => ({ line: Number(line), code }));
const problems = [];
for (const { line, what } of expected) if (!reported.some((error) => error.line === line)) problems.push(`line ${line} (${what}): vue-tsc found nothing wrong`);
for (const error of reported) if (!expected.some(({ line }) => line === error.line)) problems.push(`line ${error.line}: an error (${error.code}) where none was meant`);
if (problems.length) {
  console.error(`${file}:\n  ${problems.join('\n  ')}\n${output}`);
  process.exit(1);
}
console.log(`${file}: vue-tsc rejects all ${expected.length} mistakes (${reported.map((error) => error.code).join(', ')})`);
