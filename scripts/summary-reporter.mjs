// Prints `N passed, M failed` on a line of its own, the plain summary `.ci/run` reads, and just above
// it every failure (file, test, first lines of its error): `.ci/run` prints them again at its very
// end, as CI keeps only the tail of a long run.
// A test file that fails to load counts as one failure, so a broken import never reads as green.
import { relative } from 'node:path';

const firstLines = (text, n = 6) => String(text ?? '').split('\n').slice(0, n).join('\n      ');

export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let skipped = 0;
      const failures = [];
      const walk = (suite, path, file) => {
        for (const test of suite.tests) {
          if (test.skipped) skipped++;
          else if (test.passed) passed++;
          else failures.push(`${file}: ${[...path, test.name].join(' › ')}\n      ${firstLines(test.error?.message ?? 'failed')}`);
        }
        for (const child of suite.suites) walk(child, [...path, child.name], file);
      };
      for (const session of sessions) {
        const file = relative(process.cwd(), session.testFile);
        if (session.testResults) walk(session.testResults, [], file);
        const loadFailed = !session.passed && (session.errors?.length ?? 0) > 0;
        if (loadFailed) failures.push(`${file}: did not run\n      ${firstLines(session.errors.map((e) => e.message).join('\n'))}`);
      }
      const list = failures.length ? `\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n` : '';
      this.line = `${list}\n${passed} passed, ${failures.length} failed${skipped ? `, ${skipped} skipped` : ''}`;
    },
    async stop() {
      if (this.line) process.stdout.write(`${this.line}\n`);
    },
  };
}
