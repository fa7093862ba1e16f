// Test commands that work the same in every engine (test/helpers/browser.ts calls them). Each answers
// `false` where its engine cannot do it, so a test can skip, never pass without checking.
//   engine                 'chromium' | 'firefox' | 'webkit'
//   viewport {width,height} the page's viewport size
//   media {reducedMotion?, colorScheme?, forcedColors?}   emulated media features (null: the real one)
//   chord {keys}           keys pressed together, e.g. ['Shift', 'Tab']
import { engineOf } from './browsers.mjs';

const FEATURES = { reducedMotion: 'prefers-reduced-motion', colorScheme: 'prefers-color-scheme', forcedColors: 'forced-colors' };

export function browserCommands() {
  /** Per page: the emulated features so far (Chromium replaces the whole list on each call) and its CDP session. */
  const emulated = new WeakMap();
  const cdpSessions = new WeakMap();

  async function chromiumMedia(page, payload) {
    const features = { ...emulated.get(page), ...payload };
    emulated.set(page, features);
    // Kept open: Chromium drops a session's emulation when the session detaches.
    if (!cdpSessions.has(page)) cdpSessions.set(page, await page.createCDPSession());
    const list = Object.entries(features)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([key, value]) => ({ name: FEATURES[key], value }));
    await cdpSessions.get(page).send('Emulation.setEmulatedMedia', { features: list });
    return true;
  }

  return {
    name: 'browser-commands',
    async executeCommand({ command, payload, session }) {
      const engine = engineOf(session.browser);
      if (command === 'engine') return engine;
      if (command === 'viewport') {
        if (engine === 'webkit') await session.browser.setViewport(payload.width, payload.height);
        else await session.browser.getPage(session.id).setViewport({ width: payload.width, height: payload.height });
        return true;
      }
      if (command === 'media') {
        // Firefox (WebDriver BiDi) and WebKit (WebDriver classic) have no media emulation.
        if (engine === 'chromium') return chromiumMedia(session.browser.getPage(session.id), payload);
        return false;
      }
      if (command === 'chord') {
        if (engine === 'webkit') {
          await session.browser.pressChord(payload.keys);
          return true;
        }
        const keyboard = session.browser.getPage(session.id).keyboard;
        for (const key of payload.keys) await keyboard.down(key);
        for (const key of [...payload.keys].reverse()) await keyboard.up(key);
        return true;
      }
      return undefined;
    },
  };
}
