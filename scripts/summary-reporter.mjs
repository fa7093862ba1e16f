// Prints `N passed, M failed` as the very last line, the plain summary CI reads.
// A test file that fails to load counts as one failure, so a broken import never reads as green.
export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const walk = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) skipped++;
          else if (test.passed) passed++;
          else failed++;
        }
        for (const child of suite.suites) walk(child);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        const loadFailed = !session.passed && (session.errors?.length ?? 0) > 0;
        if (loadFailed) failed++;
      }
      this.line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    },
    async stop() {
      if (this.line) process.stdout.write(`\n${this.line}\n`);
    },
  };
}
