// Loaded before mocha on every test page (web-test-runner.config.mjs, testRunnerHtml).
// Mocha skips every later test of a file once an `afterEach` hook fails. Here a failing `afterEach`
// fails the test it ran after (with the hook's error) and the file goes on.
(() => {
  const guard = (register) =>
    function afterEach(title, fn) {
      if (typeof title === 'function') [title, fn] = [undefined, title];
      const guarded = async function () {
        try {
          await fn.call(this);
        } catch (error) {
          const test = this.currentTest;
          if (!test) throw error;
          console.error(`afterEach failed after "${test.title}":`, error);
          if (test.state !== 'failed') {
            test.state = 'failed';
            test.err = Object.assign(new Error(`afterEach failed: ${error?.message ?? error}`), { stack: error?.stack });
          }
        }
      };
      return title === undefined ? register.call(this, guarded) : register.call(this, title, guarded);
    };
  let current;
  Object.defineProperty(window, 'afterEach', {
    configurable: true,
    get: () => current,
    set: (register) => {
      current = typeof register === 'function' ? guard(register) : register;
    },
  });
})();
