// Where the widget's values live when storage takes them, refuses them, or stops answering.
import { expect } from '../helpers/testing.js';
import { createPersistence, type Persistence } from '../../src/store/persistence.js';

describe('persistence: storage first, memory only for what storage refused', () => {
  const { getItem, setItem } = Storage.prototype;
  let scope: string;
  let persistence: Persistence;
  const stored = (name: string) => localStorage.getItem(`cart-widget:${scope}:${name}`);

  beforeEach(() => {
    scope = `persistence-${Math.random().toString(36).slice(2)}`;
    persistence = createPersistence(scope);
  });
  afterEach(() => {
    Storage.prototype.getItem = getItem;
    Storage.prototype.setItem = setItem;
    persistence.close?.();
    for (const name of ['last-cart', 'cart-key']) localStorage.removeItem(`cart-widget:${scope}:${name}`);
  });

  const refuse = (method: 'getItem' | 'setItem') => {
    Storage.prototype[method] = () => {
      throw new DOMException('refused', method == 'getItem' ? 'SecurityError' : 'QuotaExceededError');
    };
  };

  it('keeps no copy in memory of what storage took: a 1000-line cart held half a megabyte twice', () => {
    persistence.write('last-cart', 'x'.repeat(1000));
    expect(stored('last-cart')).to.have.length(1000);
    // Storage that stops answering shows no copy was kept: the value was storage's alone.
    refuse('getItem');
    expect(persistence.read('last-cart')).to.equal(null);
  });

  it('reads what storage refused from memory, before and after storage answers again', () => {
    persistence.write('cart-key', 't_saved');
    refuse('setItem');
    persistence.write('cart-key', 't_newer');
    // Storage still holds the older value; this page's is newer.
    expect(stored('cart-key')).to.equal('t_saved');
    expect(persistence.read('cart-key')).to.equal('t_newer');
    refuse('getItem');
    expect(persistence.read('cart-key')).to.equal('t_newer');
  });

  it("reads storage again once it takes a value, so another tab's later write is seen", () => {
    refuse('setItem');
    persistence.write('cart-key', 't_memory');
    Storage.prototype.setItem = setItem;
    persistence.write('cart-key', 't_taken');
    expect(persistence.read('cart-key')).to.equal('t_taken');
    localStorage.setItem(`cart-widget:${scope}:cart-key`, 't_other_tab');
    expect(persistence.read('cart-key')).to.equal('t_other_tab');
  });
});
