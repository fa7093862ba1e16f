import { drawerMessages } from './messages/cart-drawer.js';
import { cartCountMessages } from './messages/cart-count.js';
import { loginFormMessages } from './messages/login-form.js';
import { pickerMessages } from './messages/mnm-container-picker.js';
import { sharedMessages } from './messages/shared.js';

export { describeError, ourError } from './messages/shared.js';

/**
 * Every string a shopper sees, in English. Each element takes a `messages` property with any subset
 * of these; what it leaves out falls back to its language's strings, then to English.
 *
 * The strings live with what shows them (`./messages/<element>.ts`, each with the shared ones of
 * `./messages/shared.ts`), so the script tag's entry carries only the shared ones and each element's
 * chunk its own. This whole set is for theme developers and tests; the elements never import it.
 */
export const defaultMessages = {
  ...sharedMessages,
  ...drawerMessages,
  ...loginFormMessages,
  ...pickerMessages,
  ...cartCountMessages,
};

export type Messages = typeof defaultMessages;

/**
 * A language's strings (`src/format/locales/<lang>.ts`, each its own chunk). A string it leaves out
 * is shown in English; `test/format/language-packs.test.ts` names any that are missing.
 */
export type LanguagePack = Partial<Messages>;
