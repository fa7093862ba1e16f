// Each stage of a request (src/store/request-stages.ts, and of a failed one: request-recovery.ts) alone, with a stand-in session and storage;
// the pipeline running them together is tested through the store (cart-store, session, at-once).
import { expect } from '../helpers/testing.js';
import type { Credentials } from '../../src/api/shop-connection.js';
import { ApiError } from '../../src/api/errors.js';
import type { Persistence, SyncMessage } from '../../src/store/persistence.js';
import { dropLostKey, recoverRefusedToken, rereadAfterUnknownWrite } from '../../src/store/request-recovery.js';
import { cartKeyFor, credentialsFor, keepBroughtKey } from '../../src/store/request-stages.js';
import type { Session } from '../../src/store/session.js';

const TOKEN: Credentials = { kind: 'bearer', token: 't' };

/** A session that is signed in or not, holds `TOKEN` when signed in, and recovers as told. */
function standInSession(kind: 'guest' | 'bearer', recover: () => Promise<boolean> = async () => false): Session {
  return {
    state: { kind },
    credentials: async () => (kind === 'guest' ? { kind: 'none' } : TOKEN),
    recover,
  } as unknown as Session;
}

/** Storage of one tab, with what it told the other tabs. */
function standInStorage(kept: Record<string, string> = {}): Persistence & { told: SyncMessage[] } {
  const values = new Map(Object.entries(kept));
  const told: SyncMessage[] = [];
  return {
    told,
    read: (name) => values.get(name) ?? null,
    write: (name, value) => void (value === null ? values.delete(name) : values.set(name, value)),
    post: (message) => void told.push(message),
    listen: () => () => {},
    withLock: (_name, task) => task(),
  };
}

const lost = new ApiError({ kind: 'http', status: 404, code: 'cocart_cart_not_found', message: 'No cart.' });
const noAnswer = new ApiError({ kind: 'network', message: 'No answer.' });
const refused = new ApiError({ kind: 'auth', status: 401, code: 'jwt_auth_invalid_token', message: 'Refused.' });

describe('request stages', () => {
  describe('credentials', () => {
    it("sends the session's credentials", async () => {
      expect(await credentialsFor(standInSession('bearer'), {})).to.deep.equal(TOKEN);
    });

    it('sends none for a request about the shop or a guest cart read while signed in', async () => {
      expect(await credentialsFor(standInSession('bearer'), { anonymous: true })).to.deep.equal({ kind: 'none' });
      expect(await credentialsFor(standInSession('bearer'), { asGuest: 'g1' })).to.deep.equal({ kind: 'none' });
    });
  });

  describe('cart key', () => {
    it("sends a guest's kept key on a cart route", () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      expect(cartKeyFor(standInSession('guest'), storage, {})).to.deep.equal({ cartKey: 'g1', guest: true });
    });

    it('sends no key on a product read or a request about the shop', () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      expect(cartKeyFor(standInSession('guest'), storage, { cartRoute: false })).to.deep.equal({ cartKey: null, guest: false });
      expect(cartKeyFor(standInSession('guest'), storage, { anonymous: true })).to.deep.equal({ cartKey: null, guest: false });
    });

    it('never sends the kept key with credentials, only the key the carry-over gives', () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      expect(cartKeyFor(standInSession('bearer'), storage, {})).to.deep.equal({ cartKey: null, guest: false });
      expect(cartKeyFor(standInSession('bearer'), storage, { cartKey: 'g2' })).to.deep.equal({ cartKey: 'g2', guest: false });
      expect(cartKeyFor(standInSession('bearer'), storage, { asGuest: 'g3' })).to.deep.equal({ cartKey: 'g3', guest: false });
    });
  });

  describe('the key an answer brought', () => {
    it("keeps a keyless guest's new key and tells the other tabs", () => {
      const storage = standInStorage();
      keepBroughtKey(standInSession('guest'), storage, { cartKey: null, guest: true }, { key: 'g1' });
      expect(storage.read('cart-key')).to.equal('g1');
      expect(storage.told).to.deep.equal([{ type: 'cart-key', key: 'g1' }]);
    });

    it("keeps nothing from a signed-in request's answer or when a key was sent", () => {
      const storage = standInStorage();
      keepBroughtKey(standInSession('bearer'), storage, { cartKey: null, guest: true }, { key: 'c1' });
      keepBroughtKey(standInSession('guest'), storage, { cartKey: 'g0', guest: true }, { key: 'g1' });
      keepBroughtKey(standInSession('guest'), storage, { cartKey: null, guest: false }, { key: 'g1' });
      expect(storage.read('cart-key')).to.equal(null);
    });
  });

  describe('a refused token', () => {
    it("says what the session's recovery says, and no when the recovery fails", async () => {
      let asked: [ApiError, Credentials] | undefined;
      const recovering = standInSession('bearer', async (...args: unknown[]) => {
        asked = args as [ApiError, Credentials];
        return true;
      });
      expect(await recoverRefusedToken(recovering, refused, TOKEN)).to.equal(true);
      expect(asked).to.deep.equal([refused, TOKEN]);
      expect(await recoverRefusedToken(standInSession('bearer', () => Promise.reject(new Error('gone'))), refused, TOKEN)).to.equal(false);
    });
  });

  describe('a lost key', () => {
    it('forgets the kept key in every tab and sends an add once more without it', () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      let rereads = 0;
      expect(dropLostKey(storage, lost, { cartKey: 'g1', guest: true }, { freshCart: true }, async () => rereads++)).to.equal(true);
      expect(storage.read('cart-key')).to.equal(null);
      expect(storage.told).to.deep.equal([{ type: 'cart-key', key: null }]);
      expect(rereads).to.equal(0);
    });

    it('reads the cart again instead when the request does not make a fresh cart', () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      let rereads = 0;
      expect(dropLostKey(storage, lost, { cartKey: 'g1', guest: true }, {}, async () => rereads++)).to.equal(false);
      expect(storage.read('cart-key')).to.equal(null);
      expect(rereads).to.equal(1);
    });

    it('leaves a given key, another failure, and a keyless request alone', () => {
      const storage = standInStorage({ 'cart-key': 'g1' });
      const reread = async () => expect.fail('no reread');
      expect(dropLostKey(storage, lost, { cartKey: 'g2', guest: false }, { freshCart: true }, reread)).to.equal(false);
      expect(dropLostKey(storage, noAnswer, { cartKey: 'g1', guest: true }, { freshCart: true }, reread)).to.equal(false);
      expect(dropLostKey(storage, lost, { cartKey: null, guest: true }, { freshCart: true }, reread)).to.equal(false);
      expect(storage.read('cart-key')).to.equal('g1');
    });
  });

  describe('a reread after an unknown write', () => {
    it('reads the cart again after a change that got no answer, and says so', async () => {
      let rereads = 0;
      const told = await rereadAfterUnknownWrite(noAnswer, { write: true }, async () => rereads++);
      expect(rereads).to.equal(1);
      expect(told.cartReread).to.equal(true);
      expect(told.kind).to.equal('network');
    });

    it('reads again after a change whose line was gone', async () => {
      const gone = new ApiError({ kind: 'http', status: 404, code: 'cocart_item_not_in_cart', message: 'Gone.' });
      expect((await rereadAfterUnknownWrite(gone, { write: true }, async () => {})).cartReread).to.equal(true);
    });

    it('tells the failure as it was when the reread fails too, after a read, or after a refusal', async () => {
      expect((await rereadAfterUnknownWrite(noAnswer, { write: true }, () => Promise.reject(noAnswer))).cartReread).to.equal(false);
      const reread = async () => expect.fail('no reread');
      expect(await rereadAfterUnknownWrite(noAnswer, {}, reread)).to.equal(noAnswer);
      expect(await rereadAfterUnknownWrite(refused, { write: true }, reread)).to.equal(refused);
    });
  });
});
