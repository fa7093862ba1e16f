/**
 * What a test asks of the browser, the same in Chromium, Firefox and WebKit (the commands are in
 * scripts/browser-commands.mjs). Where an engine cannot do something the command answers false: the
 * test that needs it skips in that engine (`itIn`), it never passes without checking.
 */
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** The engine this file runs in. */
export const engine: Engine = await executeServerCommand<Engine, undefined>('engine');

/** Sizes the page's viewport. */
export async function setViewport(size: { width: number; height: number }): Promise<void> {
  await executeServerCommand('viewport', size);
}

export interface MediaFeatures {
  reducedMotion?: 'reduce' | 'no-preference' | null;
  colorScheme?: 'light' | 'dark' | null;
  forcedColors?: 'active' | 'none' | null;
}

/** Emulates media features (null: the real one again); false where the engine cannot. */
export async function emulateMedia(features: MediaFeatures): Promise<boolean> {
  return (await executeServerCommand<boolean, MediaFeatures>('media', features)) === true;
}

/** Which engines can emulate each media feature (`emulateMedia`). */
export const canEmulate = {
  reducedMotion: engine === 'chromium',
  colorScheme: engine === 'chromium',
  // Firefox's WebDriver BiDi has no forced-colours override that takes effect; WebKit has no forced colours.
  forcedColors: engine === 'chromium',
};

/** Presses one key by its name ('Enter', 'Tab', ' ' for the space bar …). */
export const press = (key: string): Promise<void> => sendKeys({ press: key });

/** Types text, one key per character (WebKitWebDriver loses a character that repeats the one before when sent together). */
export async function type(text: string): Promise<void> {
  for (const character of text) await sendKeys({ press: character });
}

/** Keys pressed together, named as for `press` ('Control', 'a'): all down in order, then up. */
export async function chord(keys: string[]): Promise<void> {
  await executeServerCommand('chord', { keys });
}

/** Shift+Tab. */
export const shiftTab = (): Promise<void> => chord(['Shift', 'Tab']);

/**
 * `it`, run only where `engines` allows; elsewhere the test is reported as skipped with the reason
 * in its name, e.g. itIn(canEmulate.reducedMotion, 'WebKit cannot emulate reduced motion', 'slides in…', fn).
 */
export function itIn(runs: boolean, reasonElsewhere: string, name: string, fn: Mocha.AsyncFunc): Mocha.Test {
  return runs ? it(name, fn) : it.skip(`${name} (skipped in ${engine}: ${reasonElsewhere})`, fn);
}

/**
 * Clicks with the real mouse where a number field's native spinner has its up arrow (the inner end
 * of its content box, just above the middle): the value steps up if the engine draws one.
 */
export async function clickWhereSpinnerIs(input: HTMLInputElement): Promise<void> {
  input.scrollIntoView({ block: 'center' });
  const box = input.getBoundingClientRect();
  const style = getComputedStyle(input);
  const x = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) - 4;
  const y = box.top + box.height / 2 - 3;
  await sendMouse({ type: 'click', position: [Math.round(x), Math.round(y)] });
}
