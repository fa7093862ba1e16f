import { expect } from '../helpers/testing.js';
import { defaultMessages, type Messages } from '../../src/format/messages.js';
import { languages, loadPack, matchLanguage, type Language } from '../../src/format/locales/languages.js';
import { applyMessageJson, parseMessageJson as parse } from '../../src/format/message-json.js';
import { sentences } from '../../src/format/messages/shared.js';

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

describe('the careful reader’s fixes', () => {
  const pack = async (language: Language) => ({ ...defaultMessages, ...(await loadPack(language)) });

  it('says in German which guest lines could not join the account’s cart', async () => {
    expect((await pack('de')).notMerged('Mug, Cap')).to.equal(
      'Folgende Artikel konnten wir nicht aus Ihrem Gast-Warenkorb in den Warenkorb Ihres Kontos übernehmen: Mug, Cap.');
  });

  it('names a country in Spanish and Dutch where a bare name needs no article', async () => {
    const es = await pack('es');
    expect(es.countryNotShipped('Estados Unidos')).to.equal('La tienda no hace envíos a este país: Estados Unidos.');
    expect(es.postcodeNotValid('Alemania')).to.match(/^Ese código postal no es válido para el país elegido \(Alemania\)\./);
    expect(es.shippingTo('Países Bajos')).to.equal('Dirección de envío: Países Bajos');
    expect(es.regularPrice).to.equal('Precio normal');
    expect((await pack('nl')).shippingTo('Verenigde Staten')).to.equal('Verzendadres: Verenigde Staten');
  });

  it('says an empty cart and an exact box size the Japanese way', async () => {
    const ja = await pack('ja');
    expect(ja.itemsInCart(0)).to.equal('カートは空です');
    expect(ja.itemsInCart(3)).to.equal('カートに3点の商品があります');
    expect(ja.selected(2, 6, 6)).to.equal('6個中2個を選択中');
    expect(ja.selected(2, 3, 6)).to.equal('2個を選択中（3〜6個）');
  });

  it('asks in Arabic for more or fewer products in all six plural forms, and says what happened in the passive', async () => {
    const ar = await pack('ar');
    expect(ar.fewer('قهوة')).to.equal('أزِل واحدًا من قهوة');
    expect(ar.more('قهوة')).to.equal('أضف واحدًا من قهوة');
    expect([1, 2, 3, 11, 100].map(ar.chooseMore)).to.deep.equal([
      'اختر منتجًا آخر', 'اختر منتجين آخرين', 'اختر 3 منتجات أخرى', 'اختر 11 منتجًا آخر', 'اختر 100 منتج آخر',
    ]);
    expect([1, 2, 3, 11, 100].map(ar.removeSome)).to.deep.equal([
      'أكثر من اللازم: أزِل منتجًا واحدًا', 'أكثر من اللازم: أزِل منتجين', 'أكثر من اللازم: أزِل 3 منتجات',
      'أكثر من اللازم: أزِل 11 منتجًا', 'أكثر من اللازم: أزِل 100 منتج',
    ]);
    expect([ar.added('قهوة'), ar.removed('قهوة'), ar.restored('قهوة'), ar.addedToCart, ar.recentlyRemoved]).to.deep.equal([
      'تمت إضافة قهوة إلى سلتك.', 'تمت إزالة قهوة.', 'تمت إعادة قهوة إلى سلتك.', 'تمت الإضافة إلى سلتك.', 'المنتجات المُزالة مؤخرًا',
    ]);
  });

  it('says "Gratuit" in French and "antalet" in Swedish', async () => {
    expect((await pack('fr')).free).to.equal('Gratuit');
    const sv = await pack('sv');
    expect([sv.decrease('Kaffe'), sv.increase('Kaffe')]).to.deep.equal(['Minska antalet för Kaffe', 'Öka antalet för Kaffe']);
  });
});

describe('sentences()', () => {
  it('joins sentences with a space, but with none after a full-width full stop (Japanese)', () => {
    expect(sentences('We could not apply coupon NOPE.', 'Coupon "NOPE" does not exist!')).to.equal('We could not apply coupon NOPE. Coupon "NOPE" does not exist!');
    expect(sentences('クーポン「NOPE」を適用できませんでした。', 'クーポンが存在しません。')).to.equal('クーポン「NOPE」を適用できませんでした。クーポンが存在しません。');
    expect(sentences('', undefined, 'Only one.', '')).to.equal('Only one.');
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

  it('takes only names of its own strings: not toString, nor a method a plugin put on Object.prototype', () => {
    (Object.prototype as Record<string, unknown>).pluginHelper = function pluginHelper() {};
    try {
      const m = applyMessageJson(defaultMessages, { toString: 'x', pluginHelper: 'y', checkout: 'Pay now' }, 'en');
      expect(Object.hasOwn(m, 'toString') || Object.hasOwn(m, 'pluginHelper'), 'took a name that is no string of ours').to.equal(false);
      expect(m.checkout).to.equal('Pay now');
    } finally {
      delete (Object.prototype as Record<string, unknown>).pluginHelper;
    }
  });

  it('reads a {word} the message does not name as its first value, and leaves a position past the last value as written', () => {
    const m = applyMessageJson(defaultMessages, parseMessageJson('{"removed": "{product} entfernt", "couponApplied": "{coupon} ok {3}"}'), 'de');
    expect(m.removed('Kenya AA')).to.equal('Kenya AA entfernt');
    expect(m.couponApplied('SAVE10')).to.equal('SAVE10 ok {3}');
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
