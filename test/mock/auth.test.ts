import { basic, bearer, expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { DEFAULT_KEY_PAIR, DEFAULT_USERS, createMockShop, showInbox, type MockShop } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, startWorker } from './wire-client.js';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
let clock = START;
const DAY = 86_400_000;

const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;
const shop = createMockShop({ auth: { now: () => clock } });
const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real', auth: { now: () => clock } });
const plainShop = createMockShop({ baseUrl: 'http://plain.test/wp-json', auth: { now: () => clock } });


function decodePart(part: string): any {
  return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
}

async function signIn(target: MockShop = shop): Promise<{ token: string; refresh: string }> {
  const response = await call(target, 'POST', 'v2/login', { body: { username: ada.username, password: ada.password } });
  expect(response.status).to.equal(200);
  const body = response.body;
  return { token: body.token ?? body.extras.jwt_token, refresh: body.refresh_token ?? body.extras.jwt_refresh };
}

describe('mock shop: sign-in, tokens and sessions', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(shop, realShop, plainShop);
  });
  after(() => worker.stop());
  beforeEach(() => {
    clock = START;
    shop.reset();
    realShop.reset();
    plainShop.reset();
  });

  describe('login', () => {
    it('signs a customer in by username, e-mail in any case, or phone number', async () => {
      for (const username of ['ada', 'ADA@example.com', '+1 555 0100']) {
        const response = await call(shop, 'POST', 'v2/login', { body: { username, password: ada.password } });
        expect(response.status, username).to.equal(200);
        expect(response.body.display_name).to.equal('Ada Lovelace');
      }
    });

    it('answers the document shape: token, refresh_token, user_id, display_name', async () => {
      const response = await call(shop, 'POST', 'v2/login', { body: { username: 'ada', password: ada.password } });
      expect(response.body).to.include({ user_id: 2, username: 'ada', display_name: 'Ada Lovelace', email: 'ada@example.com' });
      expect(response.body.token).to.be.a('string');
      expect(response.body.refresh_token).to.be.a('string');
    });

    it('answers the real-server shape: tokens under extras, user_id a string, no top-level token', async () => {
      const response = await call(realShop, 'POST', 'v2/login', { headers: basic('ada', ada.password) });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ user_id: '2', first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada Lovelace', role: 'Customer' });
      expect(response.body.extras.jwt_token).to.be.a('string');
      expect(response.body.extras.jwt_refresh).to.be.a('string');
      expect(response.body.avatar_urls).to.be.an('object');
      expect(response.body.dev_note).to.be.a('string');
      expect(response.body).to.not.have.property('token');
    });

    it('refuses a wrong password with 401 in the document', async () => {
      const document = await call(shop, 'POST', 'v2/login', { body: { username: 'ada', password: 'nope' } });
      expect([document.status, document.body.code]).to.deep.equal([401, 'svc_authentication_error']);
    });
  });

  describe('tokens', () => {
    it('issues real HS256 JWTs whose exp is ten days after issue', async () => {
      const { token } = await signIn();
      const [head, payload, signature] = token.split('.');
      expect(decodePart(head!)).to.deep.equal({ typ: 'JWT', alg: 'HS256' });
      const claims = decodePart(payload!);
      expect(claims.iat).to.equal(START / 1000);
      expect(claims.exp).to.equal(START / 1000 + 10 * 86_400);
      expect(claims.data.user.id).to.equal('2');
      expect(signature).to.match(/^[\w-]{43}$/);
    });

    it('validates a good token with 200 and a message', async () => {
      const { token } = await signIn();
      const response = await call(shop, 'POST', 'jwt/validate-token', { headers: bearer(token) });
      expect(response.status).to.equal(200);
      expect(response.body.message).to.be.a('string');
    });

    it('refuses a tampered, expired or missing token with the token-route error shape', async () => {
      const { token } = await signIn();
      const [head, payload, signature] = token.split('.');
      const claims = decodePart(payload!);
      const forged = btoa(JSON.stringify({ ...claims, data: { user: { ...claims.data.user, id: '3' } } }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const failures = [
        await call(shop, 'POST', 'jwt/validate-token', { headers: bearer(`${head}.${forged}.${signature}`) }),
        await call(shop, 'POST', 'jwt/validate-token'),
      ];
      clock += 10 * DAY;
      failures.push(await call(shop, 'POST', 'jwt/validate-token', { headers: bearer(token) }));
      for (const response of failures) {
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ code: 'svc_authentication_error', message: 'Authentication failed.', status: 401 });
      }
    });

    it('answers token failures with 403 on real servers, status under data', async () => {
      const response = await call(realShop, 'POST', 'jwt/validate-token', { headers: bearer('not.a.token') });
      // fixtures/server/validate-token-invalid.json
      expect(response.body).to.deep.equal({ code: 'cocart_authentication_error', message: 'Authentication failed.', data: { status: 403 } });
      expect(response.status).to.equal(403);
    });

    it('rotates refresh tokens: each works once and brings a new pair', async () => {
      const first = await signIn();
      clock += 60_000;
      const rotated = await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: first.refresh } });
      expect(rotated.status).to.equal(200);
      expect(rotated.body.token).to.not.equal(first.token);
      expect(rotated.body.refresh_token).to.not.equal(first.refresh);
      const again = await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: first.refresh } });
      expect(again.status).to.equal(401);
      expect(again.body).to.deep.equal({ code: 'svc_authentication_error', message: 'Invalid refresh token.', status: 401 });
      const next = await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: rotated.body.refresh_token } });
      expect(next.status).to.equal(200);
    });

    it('refuses a refresh token after 30 days, and a refresh with a stale bearer header', async () => {
      const { token, refresh } = await signIn();
      clock += 11 * DAY;
      const stale = await call(shop, 'POST', 'jwt/refresh-token', { headers: bearer(token), body: { refresh_token: refresh } });
      expect(stale.status).to.equal(401);
      const second = await signIn();
      clock += 31 * DAY;
      const expired = await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: second.refresh } });
      expect(expired.body.message).to.equal('Invalid refresh token.');
    });

    it('revokes every token of the customer on logout', async () => {
      const laptop = await signIn();
      const phone = await signIn();
      expect((await call(shop, 'POST', 'v2/logout', { headers: bearer(laptop.token) })).status).to.equal(200);
      for (const device of [laptop, phone]) {
        expect((await call(shop, 'POST', 'jwt/validate-token', { headers: bearer(device.token) })).status).to.equal(401);
        expect((await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: device.refresh } })).status).to.equal(401);
      }
    });
  });

  describe('carts of signed-in customers', () => {
    it("answers a bearer request with the customer's cart and carries a guest cart sent along", async () => {
      const guest = new GuestCart(shop);
      await guest.add(11, 2);
      const { token } = await signIn();
      const first = await call(shop, 'GET', 'v2/cart', { headers: bearer(token), query: { cart_key: guest.key! } });
      expect(first.body.cart_key).to.equal('2');
      expect(itemsOf(first.body).map((item) => item.id)).to.deep.equal([11]);
      const later = await call(shop, 'GET', 'v2/cart', { headers: bearer(token) });
      expect(itemsOf(later.body)).to.have.length(1);
    });

    it('refuses a cart request with a bad token: 401 in the document, 403 on real servers', async () => {
      const document = await call(shop, 'GET', 'v2/cart', { headers: bearer('x.y.z') });
      const real = await call(realShop, 'GET', 'v2/cart', { headers: bearer('x.y.z') });
      expect([document.status, document.body.code, document.body.data.status]).to.deep.equal([401, 'svc_authentication_error', 401]);
      expect([real.status, real.body.code]).to.deep.equal([403, 'cocart_authentication_error']);
    });

    it('takes Basic credentials over https, in the header or (fallback) the query', async () => {
      const header = await call(shop, 'GET', 'v2/cart', { headers: basic('ada@example.com', ada.password) });
      const query = await call(shop, 'GET', 'v2/cart', { query: { username: 'ada', password: ada.password } });
      expect([header.status, header.body.cart_key]).to.deep.equal([200, '2']);
      expect([query.status, query.body.cart_key]).to.deep.equal([200, '2']);
      const wrong = await call(shop, 'GET', 'v2/cart', { headers: basic('ada', 'wrong') });
      expect(wrong.status).to.equal(401);
    });

    it('refuses Basic credentials over plain http, even correct ones', async () => {
      for (const options of [
        { headers: basic('ada', ada.password) },
        { query: { username: 'ada', password: ada.password } },
      ]) {
        const response = await call(plainShop, 'GET', 'v2/cart', options);
        expect(response.status).to.equal(401);
        expect(response.body.message).to.contain('https');
      }
      const login = await call(plainShop, 'POST', 'v2/login', { headers: basic('ada', ada.password) });
      expect(login.status).to.equal(401);
    });
  });

  describe('admin sessions', () => {
    const pair = basic(DEFAULT_KEY_PAIR.consumerKey, DEFAULT_KEY_PAIR.consumerSecret);

    it('lists the carts for the key pair, in the header or the query', async () => {
      await new GuestCart(shop).add(11);
      const { token } = await signIn();
      await call(shop, 'GET', 'v2/cart', { headers: bearer(token) });
      const byHeader = await call(shop, 'GET', 'v2/sessions', { headers: pair });
      const byQuery = await call(shop, 'GET', 'v2/sessions', {
        query: { consumer_key: DEFAULT_KEY_PAIR.consumerKey, consumer_secret: DEFAULT_KEY_PAIR.consumerSecret },
      });
      expect(byHeader.status).to.equal(200);
      expect(byQuery.body).to.deep.equal(byHeader.body);
      expect(byHeader.body).to.have.length(2);
      const customer = byHeader.body.find((row: any) => row.cart_key === '2');
      expect(customer).to.include({ customers_name: 'Ada Lovelace', customers_email: 'ada@example.com', cart_source: 'cocart' });
      expect(Object.keys(customer).sort()).to.deep.equal(
        ['cart_created', 'cart_expiry', 'cart_id', 'cart_key', 'cart_source', 'customers_email', 'customers_name', 'link'].sort(),
      );
    });

    it("refuses no key pair, a wrong one and a customer's password", async () => {
      const { token } = await signIn();
      for (const headers of [{}, basic(DEFAULT_KEY_PAIR.consumerKey, 'cs_wrong'), basic('ada', ada.password), bearer(token)]) {
        const response = await call(shop, 'GET', 'v2/sessions', { headers });
        expect(response.status).to.equal(401);
      }
    });

    it('refuses the key pair over plain http', async () => {
      const response = await call(plainShop, 'GET', 'v2/sessions', { headers: pair });
      expect(response.status).to.equal(401);
    });

    it('answers 404 when there are no sessions', async () => {
      const response = await call(shop, 'GET', 'v2/sessions', { headers: pair });
      expect(response.status).to.equal(404);
    });
  });

  describe('fake inbox', () => {
    it('shows each sent e-mail as text, newest first, and empties on reset', async () => {
      const grace = DEFAULT_USERS.find((user) => user.username === 'grace')!;
      const box = document.createElement('div');
      const stop = showInbox(shop.auth!.inbox, box);
      expect(box.textContent).to.equal('No e-mails yet.');
      await call(shop, 'POST', 'v2/login', { body: { username: 'grace', password: grace.password } });
      const code = shop.auth!.inbox.latest()!.code;
      expect(box.querySelectorAll('li')).to.have.length(1);
      expect(box.textContent).to.contain(code).and.contain('grace@example.com');
      shop.reset();
      expect(box.textContent).to.equal('No e-mails yet.');
      stop();
    });
  });
});
