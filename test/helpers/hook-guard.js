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
  // A failing comparison of two elements (`expect(a).to.equal(b)`) never ended its file: the
  // failure's `actual` and `expected` are walked whole to report them. They are reported as their
  // tag names instead; the message says the rest. (Tests taking a `done` callback are left as they are.)
  const tag = (value) => (value instanceof Node ? `<${value.nodeName.toLowerCase()}>` : value);
  const tame = (fn) =>
    async function () {
      try {
        return await fn.call(this);
      } catch (error) {
        if (error && (error.actual instanceof Node || error.expected instanceof Node)) {
          error.actual = tag(error.actual);
          error.expected = tag(error.expected);
        }
        throw error;
      }
    };
  let currentIt;
  Object.defineProperty(window, 'it', {
    configurable: true,
    get: () => currentIt,
    set: (register) => {
      currentIt =
        typeof register === 'function'
          ? function it(title, fn) {
              return register.call(this, title, typeof fn === 'function' && fn.length === 0 ? tame(fn) : fn);
            }
          : register;
    },
  });
  let current;
  Object.defineProperty(window, 'afterEach', {
    configurable: true,
    get: () => current,
    set: (register) => {
      current = typeof register === 'function' ? guard(register) : register;
    },
  });
})();
