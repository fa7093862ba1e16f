// Prints `N passed, M failed` on a line of its own, the plain summary `.ci/run` reads, and just above
// it every failure (file, test, first lines of its error): `.ci/run` prints them again at its very
// end, as CI keeps only the tail of a long run.
// A test file that fails to load counts as one failure, so a broken import never reads as green.
// With several engines, each failure names its engine, a line per engine gives its counts and time,
// and the last line adds them all up.
import { relative } from 'node:path';

const firstLines = (text, n = 6) => String(text ?? '').split('\n').slice(0, n).join('\n      ');

export function summaryReporter() {
  return {
    start({ sessions }) {
      this.started = Date.now();
      // Engines run one after the other: each one's time is from its first file starting to its last finishing.
      this.times = new Map();
      sessions.on('session-status-updated', (session) => {
        const name = session.browser.name;
        const time = this.times.get(name) ?? { first: Date.now(), last: Date.now() };
        time.last = Date.now();
        this.times.set(name, time);
      });
    },
    onTestRunFinished({ sessions }) {
      const engines = new Map();
      const failures = [];
      const countsOf = (name) => {
        if (!engines.has(name)) engines.set(name, { passed: 0, failed: 0, skipped: 0, first: Infinity, last: 0 });
        return engines.get(name);
      };
      const walk = (suite, path, where, counts) => {
        for (const test of suite.tests) {
          if (test.skipped) counts.skipped++;
          else if (test.passed) counts.passed++;
          else {
            counts.failed++;
            failures.push(`${where}: ${[...path, test.name].join(' › ')}\n      ${firstLines(test.error?.message ?? 'failed')}`);
          }
        }
        for (const child of suite.suites) walk(child, [...path, child.name], where, counts);
      };
      for (const session of sessions) {
        const engine = session.browser.name;
        const counts = countsOf(engine);
        const where = `[${engine}] ${relative(process.cwd(), session.testFile)}`;
        if (session.testResults) walk(session.testResults, [], where, counts);
        const loadFailed = !session.passed && (session.errors?.length ?? 0) > 0;
        if (loadFailed) {
          counts.failed++;
          failures.push(`${where}: did not run\n      ${firstLines(session.errors.map((e) => e.message).join('\n'))}`);
        }
      }
      const total = { passed: 0, failed: 0, skipped: 0 };
      const perEngine = [];
      for (const [engine, counts] of engines) {
        for (const key of Object.keys(total)) total[key] += counts[key];
        const time = this.times?.get(engine);
        const seconds = time ? `, ${Math.round((time.last - time.first) / 1000)} s` : '';
        perEngine.push(`  ${engine}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${seconds}`);
      }
      const list = failures.length ? `\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}\n` : '';
      const engineLines = `\nper engine:\n${perEngine.join('\n')}\n`;
      const time = this.started ? `\ntime: ${Math.round((Date.now() - this.started) / 1000)} s\n` : '';
      this.line = `${list}${engineLines}${time}\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
    },
    async stop() {
      if (this.line) process.stdout.write(`${this.line}\n`);
    },
  };
}
