import { expect } from '@open-wc/testing';
import { defaultMessages, type Messages } from '../../src/format/messages.js';
import { languages, loadPack, matchLanguage, type Language } from '../../src/format/locales/languages.js';
import { applyMessageJson, parseMessageJson as parse } from '../../src/format/locales/message-json.js';

const parseMessageJson = (text: string) => parse(text);

const keys = Object.keys(defaultMessages) as Array<keyof Messages>;
const sample = { name: 'Kenya AA', code: 'SPRING10' };

/** Calls a message with sample arguments (names, codes, numbers) and returns its text. */
function say(messages: Messages, key: keyof Messages): string {
  const message = messages[key] as unknown;
  if (typeof message === 'string') return message;
  const fn = message as (...args: unknown[]) => string;
  if (key === 'selected') return fn(4, 3, 6);
  if (key === 'quantityUpdated') return fn(sample.name, 3);
  if (key === 'providerName') return fn('totp');
  return fn.length === 1 && /count|quantity|max|n\b/.test(String(fn)) && !/name|code|destination|rate|provider/.test(String(fn))
    ? fn(3)
    : fn(sample.name);
}

describe('language packs', () => {
  it('matches a lang value case-insensitively, by region, and falls back to English', () => {
    expect(matchLanguage('de')).to.equal('de');
    expect(matchLanguage('DE-at')).to.equal('de');
    expect(matchLanguage('fr-CA')).to.equal('fr');
    expect(matchLanguage('pt-br')).to.equal('pt-BR');
    expect(matchLanguage('pt_BR')).to.equal('pt-BR');
    expect(matchLanguage('pt')).to.equal('pt-BR');
    expect(matchLanguage('pt-PT')).to.equal('pt-BR');
    expect(matchLanguage('ar-EG')).to.equal('ar');
    expect(matchLanguage('ja-JP')).to.equal('ja');
    expect(matchLanguage('en-GB')).to.equal('en');
    expect(matchLanguage('zh-Hans')).to.equal('en');
    expect(matchLanguage('')).to.equal('en');
    expect(matchLanguage(null)).to.equal('en');
  });

  for (const language of languages.filter((l): l is Exclude<Language, 'en'> => l !== 'en')) {
    describe(language, () => {
      let messages: Messages;
      before(async () => {
        messages = { ...defaultMessages, ...(await loadPack(language)) };
      });

      it('translates every string, with the same kind of value as English', async () => {
        const pack = await loadPack(language);
        expect(keys.filter((key) => !(key in pack)), 'missing').to.deep.equal([]);
        expect(keys.filter((key) => typeof pack[key] !== typeof defaultMessages[key]), 'wrong kind').to.deep.equal([]);
        const english = keys.filter((key) => say(messages, key) === say(defaultMessages, key) && !/^(inBox|password)$/.test(key));
        // A few words are the same in some languages (Total, Gratis, Password…): at most a handful.
        expect(english.length, `same as English: ${english.join(', ')}`).to.be.below(6);
      });

      it('places every name and code it is given', () => {
        for (const key of ['added', 'remove', 'removed', 'undoLabel', 'quantityFor', 'addNamed', 'signedInAs', 'quantityOf'] as const) {
          expect(messages[key](sample.name), key).to.contain(sample.name);
        }
        for (const key of ['removeCoupon', 'couponApplied', 'couponFailed'] as const) {
          expect(messages[key](sample.code), key).to.contain(sample.code);
        }
        expect(messages.quantityUpdated(sample.name, 7)).to.contain(sample.name).and.to.contain('7');
        expect(messages.selected(4, 3, 6)).to.contain('4').and.to.contain('6');
        expect(messages.cartCount(12)).to.contain('12');
      });

      it('says the visible word of a button at the start of or inside its spoken name', () => {
        const inside = (name: string, visible: string) => name.toLocaleLowerCase(language).includes(visible.toLocaleLowerCase(language));
        expect(inside(messages.remove(sample.name), messages.removeShort), 'remove').to.equal(true);
        expect(inside(messages.removeCoupon(sample.code), messages.removeShort), 'removeCoupon').to.equal(true);
        expect(inside(messages.addNamed(sample.name), messages.addShort), 'addNamed').to.equal(true);
        expect(inside(messages.undoLabel(sample.name), messages.undo), 'undoLabel').to.equal(true);
      });
    });
  }

  it('counts in Polish with one, few and many', async () => {
    const pl = { ...defaultMessages, ...(await loadPack('pl')) };
    expect([1, 2, 4, 5, 12, 22, 25, 0].map(pl.cartCount)).to.deep.equal([
      '1 produkt', '2 produkty', '4 produkty', '5 produktów', '12 produktów', '22 produkty', '25 produktów', '0 produktów',
    ]);
    expect(pl.quantityLimit(3)).to.equal('Dostępne tylko 3 sztuki.');
    expect(pl.quantityLimit(5)).to.equal('Dostępnych tylko 5 sztuk.');
  });

  it('counts in Arabic with all six forms', async () => {
    const ar = { ...defaultMessages, ...(await loadPack('ar')) };
    expect([0, 1, 2, 3, 11, 100].map(ar.cartCount)).to.deep.equal([
      'لا توجد منتجات', 'منتج واحد', 'منتجان', '3 منتجات', '11 منتجًا', '100 منتج',
    ]);
  });

  it('counts in French with 0 and 1 singular, and in Japanese with one form', async () => {
    const fr = { ...defaultMessages, ...(await loadPack('fr')) };
    expect([0, 1, 2].map(fr.cartCount)).to.deep.equal(['0 article', '1 article', '2 articles']);
    const ja = { ...defaultMessages, ...(await loadPack('ja')) };
    expect([1, 2].map(ja.cartCount)).to.deep.equal(['1点', '2点']);
  });
});

describe('data-messages JSON', () => {
  const quiet = (fn: () => void) => {
    const warn = console.warn;
    const warnings: unknown[] = [];
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      fn();
    } finally {
      console.warn = warn;
    }
    return warnings;
  };

  it('replaces strings, and fills {placeholders} of a function by name or position', () => {
    const json = parseMessageJson(JSON.stringify({
      checkout: 'Pay now',
      removed: '{name} left the cart',
      quantityUpdated: '{name} × {quantity} ({1})',
      selected: '{count}/{max}',
    }));
    const m = applyMessageJson(defaultMessages, json, 'en');
    expect(m.checkout).to.equal('Pay now');
    expect(m.removed('Kenya AA')).to.equal('Kenya AA left the cart');
    expect(m.quantityUpdated('Kenya AA', 2)).to.equal('Kenya AA × 2 (2)');
    expect(m.selected(2, 3, null)).to.equal('2/');
    expect(m.cart).to.equal('Cart');
  });

  it('chooses a plural form by the language’s rules, an exact count first, and falls back to the language’s own text', () => {
    const json = parseMessageJson(JSON.stringify({ cartCount: { '=0': 'nic', one: '{count} rzecz', few: '{count} rzeczy' } }));
    const m = applyMessageJson(defaultMessages, json, 'pl');
    expect([0, 1, 3, 5].map(m.cartCount)).to.deep.equal(['nic', '1 rzecz', '3 rzeczy', '5 items']);
  });

  it('chooses a form by the first argument', () => {
    const m = applyMessageJson(defaultMessages, parseMessageJson('{"providerName": {"email": "E-mail code"}}'), 'en');
    expect(m.providerName('email')).to.equal('E-mail code');
    expect(m.providerName('totp')).to.equal('Authenticator app');
  });

  it('leaves out unknown keys, wrong kinds and text that is not a JSON object, with a warning for the merchant', () => {
    let json = {};
    const warnings = quiet(() => {
      json = parseMessageJson('{"chekout": "Pay", "cart": {"one": "x"}, "checkout": 3, "close": "Shut"}');
    });
    expect(json).to.deep.equal({ close: 'Shut' });
    expect(warnings).to.have.length(3);
    quiet(() => {
      expect(parseMessageJson('{"checkout": ')).to.deep.equal({});
      expect(parseMessageJson('["checkout"]')).to.deep.equal({});
    });
  });
});
