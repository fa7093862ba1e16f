// The mock's real shape against what CoCart 4.3.6 answered on the real store
// (shared/realworld/fixtures/server/*.json, named in each test). Expected bodies are copied from
// those recordings; product names differ (the mock sells coffee), codes, statuses and wording do not.
import { basic, bearer, expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { CRITICAL_ERROR_MESSAGE, DEFAULT_USERS, PRODUCT_IDS as ID, createMockShop, type MockShop } from '../../src/mock/index.js';
import { GuestCart, call, itemsOf, startWorker, type CallOptions } from './wire-client.js';

const real = { namespace: 'cocart', shape: 'real' } as const;
const shop = createMockShop({ ...real, baseUrl: 'https://real.test/wp-json' });
const coreShop = createMockShop({ ...real, baseUrl: 'https://core.test/wp-json', addOns: false });
const olderCoreShop = createMockShop({ ...real, baseUrl: 'https://older.test/wp-json', coupons: false });
const shippedJwtShop = createMockShop({ ...real, baseUrl: 'https://jwt.test/wp-json', auth: { tokenFailure: 'critical-error' } });
const followingShop = createMockShop({ ...real, baseUrl: 'https://follow.test/wp-json', shippingFollowsCustomer: true });
const documentShop = createMockShop({ baseUrl: 'https://doc.test/wp-json' });
const shops = [shop, coreShop, olderCoreShop, shippedJwtShop, followingShop, documentShop];

const ada = DEFAULT_USERS.find((user) => user.username === 'ada')!;

async function tokenFor(target: MockShop): Promise<string> {
  const response = await call(target, 'POST', 'v2/login', { headers: basic(ada.username, ada.password) });
  expect(response.status).to.equal(200);
  return response.body.extras.jwt_token;
}

/** What a signed-in request sees: `[product id, quantity]` per line. */
async function linesAs(target: MockShop, options: CallOptions): Promise<Array<[number, number]>> {
  const response = await call(target, 'GET', 'v2/cart', options);
  expect(response.status, response.text).to.equal(200);
  return itemsOf(response.body).map((item) => [item.id, item.quantity.value]);
}

describe('mock shop, real shape: as CoCart 4.3.6 answers', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(...shops);
  });
  after(() => worker.stop());
  beforeEach(() => shops.forEach((s) => s.reset()));

  describe('cart keys', () => {
    it('answers an unknown key with 200 and an empty cart under that same key (cart-unknown-cart-key)', async () => {
      const response = await call(shop, 'GET', 'v2/cart', { query: { cart_key: 'ffffffffffffffffffffffffffffff' } });
      expect(response.status).to.equal(200);
      expect(response.body.cart_key).to.equal('ffffffffffffffffffffffffffffff');
      expect(response.headers.get('CoCart-API-Cart-Key')).to.equal('ffffffffffffffffffffffffffffff');
      expect(response.body).to.include({ cart_hash: 'No items in cart so no hash', item_count: 0 });
      expect(response.body.items).to.deep.equal([]);
      expect(response.body.notices).to.deep.equal([]);
    });

    it('keeps what is added under an unknown key, and answers the same on every route', async () => {
      const cart = new GuestCart(shop);
      cart.key = 't_madeupbytheclient';
      expect((await cart.send('POST', 'v2/cart/clear')).status).to.equal(200);
      const added = await cart.add(ID.mug, 2);
      expect(added.body.cart_key).to.equal('t_madeupbytheclient');
      expect(itemsOf((await cart.get()).body)).to.have.length(1);
    });

    it('rewrites a key with odd characters as sanitize_key does (error-invalid-cart-key-chars)', async () => {
      const odd = await call(shop, 'GET', 'v2/cart', { query: { cart_key: 'bad key!<>' } });
      expect([odd.status, odd.body.cart_key, odd.headers.get('CoCart-API-Cart-Key')]).to.deep.equal([200, 'badkey', 'badkey']);
      const cart = new GuestCart(shop);
      await cart.add(ID.mug, 1);
      const upper = await call(shop, 'GET', 'v2/cart', { query: { cart_key: ` ${cart.key!.toUpperCase()} ` } });
      expect(upper.body.cart_key).to.equal(cart.key);
      expect(itemsOf(upper.body)).to.have.length(1);
      const nothingLeft = await call(shop, 'GET', 'v2/cart', { query: { cart_key: '!!!' } });
      expect(nothingLeft.body.cart_key).to.match(/^t_/);
    });

    it('also reads the key from a CoCart-API-Cart-Key request header, which wins over the query', async () => {
      const cart = new GuestCart(shop);
      await cart.add(ID.mug, 1);
      const response = await call(shop, 'GET', 'v2/cart', { headers: { 'CoCart-API-Cart-Key': cart.key! }, query: { cart_key: 'other' } });
      expect(response.body.cart_key).to.equal(cart.key);
    });

    it('sends the key and its expiry times (unix seconds, 6 and 7 days ahead) as headers', async () => {
      const response = await call(shop, 'GET', 'v2/cart');
      const now = Date.now() / 1000;
      expect(response.headers.get('CoCart-API-Cart-Key')).to.equal(response.body.cart_key);
      expect(Number(response.headers.get('CoCart-API-Cart-Expiring')) - now).to.be.closeTo(6 * 86_400, 5);
      expect(Number(response.headers.get('CoCart-API-Cart-Expiration')) - now).to.be.closeTo(7 * 86_400, 5);
      expect(response.headers.get('Cart-Key')).to.equal(null);
    });
  });

  describe('signed-in requests carrying a guest cart_key (merge-1 … merge-6)', () => {
    it("REPLACES the customer's cart with the guest cart, deletes the guest cart, then EMPTIES it when the key comes again", async () => {
      const token = await tokenFor(shop);
      // merge-1: the customer's saved cart: Colombia beans × 2.
      await call(shop, 'POST', 'v2/cart/add-item', { headers: bearer(token), body: { id: String(ID.colombiaBeans), quantity: '2' } });
      // merge-2: a guest cart with Ethiopia beans × 1.
      const guest = new GuestCart(shop);
      await guest.add(ID.ethiopiaBeans, 1);
      const guestKey = guest.key!;
      // merge-3: signed in + the guest key: the customer's cart is now the guest cart; the Colombia beans are gone.
      const merged = await call(shop, 'GET', 'v2/cart', { headers: bearer(token), query: { cart_key: guestKey } });
      expect(merged.body.cart_key).to.equal('2');
      expect(itemsOf(merged.body).map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.ethiopiaBeans, 1]]);
      expect(shop.carts.get(guestKey)).to.equal(undefined);
      // merge-4: without a key it stays that way.
      expect(await linesAs(shop, { headers: bearer(token) })).to.deep.equal([[ID.ethiopiaBeans, 1]]);
      // merge-5: the same guest key again (a second tab, a retry): the customer's cart is emptied.
      expect(await linesAs(shop, { headers: bearer(token), query: { cart_key: guestKey } })).to.deep.equal([]);
      // merge-6: and stays empty.
      expect(await linesAs(shop, { headers: bearer(token) })).to.deep.equal([]);
    });

    it("empties the customer's cart for an unknown key, with Basic credentials too (cart-authenticated-with-foreign-cart-key)", async () => {
      const credentials = basic('ada@example.com', ada.password);
      await call(shop, 'POST', 'v2/cart/add-item', { headers: credentials, body: { id: String(ID.mug), quantity: '3' } });
      expect(await linesAs(shop, { headers: credentials })).to.deep.equal([[ID.mug, 3]]);
      const foreign = await call(shop, 'GET', 'v2/cart', { headers: credentials, query: { cart_key: 'ffffffffffffffffffffffffffffff' } });
      expect([foreign.status, foreign.body.cart_key, itemsOf(foreign.body).length]).to.deep.equal([200, '2', 0]);
    });

    it('takes removed items and coupons along with the guest lines', async () => {
      const token = await tokenFor(shop);
      const guest = new GuestCart(shop);
      await guest.add(ID.colombiaBeans, 1);
      const key = itemsOf((await guest.add(ID.mug, 1)).body).find((item) => item.id === ID.mug).item_key;
      await guest.remove(key);
      await guest.applyCoupon('save10');
      const merged = await call(shop, 'GET', 'v2/cart', { headers: bearer(token), query: { cart_key: guest.key! } });
      expect(merged.body.removed_items.map((item: any) => item.item_key)).to.deep.equal([key]);
      expect(merged.body.coupons.map((c: any) => c.coupon)).to.deep.equal(['save10']);
    });

    it('leaves both carts alone on login with a cart_key (checked on the real store)', async () => {
      const token = await tokenFor(shop);
      await call(shop, 'POST', 'v2/cart/add-item', { headers: bearer(token), body: { id: String(ID.colombiaBeans), quantity: '2' } });
      const guest = new GuestCart(shop);
      await guest.add(ID.ethiopiaBeans, 1);
      const login = await call(shop, 'POST', 'v2/login', { headers: basic('ada', ada.password), query: { cart_key: guest.key! } });
      expect(login.status).to.equal(200);
      expect(await linesAs(shop, { headers: bearer(token) })).to.deep.equal([[ID.colombiaBeans, 2]]);
      expect(itemsOf((await guest.get()).body).map((item) => item.id)).to.deep.equal([ID.ethiopiaBeans]);
    });

    it("refuses a customer's own id as cart_key, and a guest sending a customer's id, with 403 (checked on the real store)", async () => {
      const token = await tokenFor(shop);
      const own = await call(shop, 'GET', 'v2/cart', { headers: bearer(token), query: { cart_key: '2' } });
      expect(own.status).to.equal(403);
      expect(own.body).to.deep.equal({
        success: false,
        data: [
          {
            code: 'cocart_already_authenticating_user',
            message: 'You are already authenticating as the customer. Cannot set cart key as the user.',
          },
        ],
      });
      for (const key of ['2', '02', '3']) {
        const guest = await call(shop, 'GET', 'v2/cart', { query: { cart_key: key } });
        expect(guest.status, key).to.equal(403);
        expect(guest.body).to.deep.equal({
          success: false,
          data: [{ code: 'cocart_must_authenticate_user', message: 'Must authenticate customer as the cart key provided is a registered customer.' }],
        });
      }
      expect((await call(shop, 'GET', 'v2/cart', { query: { cart_key: '999' } })).status).to.equal(200);
    });

    it('keeps merging in the document shape (unchanged)', async () => {
      const guest = new GuestCart(documentShop);
      await guest.add(ID.mug, 1);
      const login = await call(documentShop, 'POST', 'v2/login', { body: { username: 'ada', password: ada.password } });
      const token = login.body.token;
      await call(documentShop, 'POST', 'v2/cart/add-item', { headers: bearer(token), body: { id: String(ID.colombiaBeans), quantity: '1' } });
      const lines = await linesAs(documentShop, { headers: bearer(token), query: { cart_key: guest.key! } });
      expect(lines).to.have.deep.members([
        [ID.colombiaBeans, 1],
        [ID.mug, 1],
      ]);
    });
  });

  describe('error codes, statuses and bodies', () => {
    let cart: GuestCart;
    beforeEach(() => {
      cart = new GuestCart(shop);
    });

    const refusal = async (response: Promise<{ status: number; body: any }>) => {
      const { status, body } = await response;
      return { status, ...body };
    };

    it('answers 400 rest_invalid_param with details for a numeric id (add-item-numbers-not-strings)', async () => {
      const response = await cart.send('POST', 'v2/cart/add-item', { body: { id: 12, quantity: 1 } });
      expect(response.status).to.equal(400);
      expect(response.body).to.deep.equal({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: {
          status: 400,
          params: { id: 'id is not of type string.' },
          details: { id: { code: 'rest_invalid_type', message: 'id is not of type string.', data: { param: 'id' } } },
        },
      });
      const update = await cart.send('POST', `v2/cart/item/${itemsOf((await cart.add(ID.mug)).body)[0].item_key}`, { body: { quantity: 2 } });
      expect(update.body.data.details.quantity).to.deep.equal({ code: 'rest_invalid_type', message: 'quantity is not of type string.', data: { param: 'quantity' } });
      const text = await cart.add(ID.mug, 'abc');
      expect(text.body).to.deep.equal({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): quantity',
        data: { status: 400, params: { quantity: 'Invalid parameter.' }, details: [] },
      });
    });

    it('adds one when add-item has no quantity, as its schema default says (checked on the real store)', async () => {
      const response = await cart.send('POST', 'v2/cart/add-item', { body: { id: String(ID.mug) } });
      expect(itemsOf(response.body).map((item) => item.quantity.value)).to.deep.equal([1]);
    });

    it('answers 405 cocart_quantity_invalid_amount for quantity 0, over stock and two of a product sold individually', async () => {
      // error-add-quantity-zero, error-add-not-enough-stock, error-add-sold-individually-qty2
      expect(await refusal(cart.add(ID.mug, 0))).to.deep.equal({
        status: 405,
        code: 'cocart_quantity_invalid_amount',
        message: 'Quantity must be a minimum of 1.',
        data: { status: 405 },
      });
      expect(await refusal(cart.add(ID.dripper, 4))).to.deep.equal({
        status: 405,
        code: 'cocart_quantity_invalid_amount',
        message: 'Quantity must be 3 or lower.',
        data: { status: 405 },
      });
      expect((await refusal(cart.add(ID.guide, 2))).message).to.equal('Quantity must be 1 or lower.');
      // error-update-over-stock; and 0 on update is a 405 too (it does not remove the line).
      const key = itemsOf((await cart.add(ID.dripper, 1)).body)[0].item_key;
      expect(await refusal(cart.update(key, 5))).to.deep.include({ status: 405, message: 'Quantity must be 3 or lower.' });
      expect(await refusal(cart.update(key, 0))).to.deep.include({ status: 405, message: 'Quantity must be a minimum of 1.' });
      expect(itemsOf((await cart.get()).body)[0].quantity.value).to.equal(1);
    });

    it('answers 404 cocart_not_enough_stock_remaining when the cart already holds some (checked on the real store)', async () => {
      await cart.add(ID.dripper, 2);
      expect(await refusal(cart.add(ID.dripper, 2))).to.deep.equal({
        status: 404,
        code: 'cocart_not_enough_stock_remaining',
        message:
          'You cannot add that amount of "Ceramic Pour-Over Dripper" to the cart &mdash; we have (3) in stock remaining. You already have (2) in your cart.',
        data: { status: 404 },
      });
    });

    it('answers 404 cocart_product_out_of_stock (error-add-out-of-stock)', async () => {
      expect(await refusal(cart.add(ID.grinder, 1))).to.deep.equal({
        status: 404,
        code: 'cocart_product_out_of_stock',
        message: 'You cannot add "Hand Grinder" to the cart because the product is out of stock.',
        data: { status: 404 },
      });
    });

    it('answers 400 cocart_add_to_cart_error ending in "View cart" for a second one sold individually (error-add-sold-individually-again)', async () => {
      await cart.add(ID.guide, 1);
      expect(await refusal(cart.add(ID.guide, 1))).to.deep.equal({
        status: 400,
        code: 'cocart_add_to_cart_error',
        message: 'You cannot add another &quot;Brewing Guide (PDF)&quot; to your cart. View cart',
        data: { status: 400 },
      });
    });

    it('answers 400 cocart_invalid_product and 404 cocart_no_variation_found (error-add-product-not-found, error-add-variable-without-variation)', async () => {
      expect(await refusal(cart.add(999999, 1))).to.deep.equal({
        status: 400,
        code: 'cocart_invalid_product',
        message: 'This product cannot be added to the cart.',
        data: { status: 400 },
      });
      const noVariation = { status: 404, code: 'cocart_no_variation_found', message: 'No matching variation found.', data: { status: 404 } };
      expect(await refusal(cart.add(ID.shirt, 1))).to.deep.equal(noVariation);
      expect(await refusal(cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'purple', attribute_pa_size: 'm' } }))).to.deep.equal(noVariation);
      expect((await refusal(cart.add(ID.shirt, 1, { variation: { attribute_pa_colour: 'white', attribute_pa_size: 'l' } }))).code).to.equal(
        'cocart_product_out_of_stock',
      );
    });

    it('answers 404 for an item key not in the cart, in the words of each route (error-*-item-not-found)', async () => {
      await cart.get();
      const unknown = '0123456789abcdef0123456789abcdef';
      expect(await refusal(cart.update(unknown, 2))).to.deep.equal({
        status: 404,
        code: 'cocart_item_not_in_cart',
        message: 'Item specified does not exist in cart.',
        data: { status: 404 },
      });
      expect(await refusal(cart.remove(unknown))).to.deep.equal({
        status: 404,
        code: 'cocart_item_not_in_cart',
        message: 'Item does not exist in cart.',
        data: { status: 404 },
      });
      expect(await refusal(cart.restore(unknown))).to.deep.equal({
        status: 404,
        code: 'cocart_item_restored_to_cart',
        message: 'Item does not exist in cart.',
        data: { status: 404 },
      });
    });

    it('words its notices as 4.3.6 does (add-item-simple, update-item-quantity, remove-item, restore-item, clear-cart)', async () => {
      const added = await cart.add(ID.mug, 1);
      expect(added.body.notices).to.deep.equal({ success: ['“Enamel Mug” has been added to your cart.'] });
      const key = itemsOf(added.body)[0].item_key;
      expect((await cart.update(key, 2)).body.notices).to.deep.equal([]);
      expect((await cart.remove(key)).body.notices).to.deep.equal({ success: ['"Enamel Mug" has been removed from cart.'] });
      expect((await cart.restore(key)).body.notices).to.deep.equal({ success: ['"Enamel Mug" has been added back to your cart.'] });
      expect((await cart.send('POST', 'v2/cart/clear')).body.notices).to.deep.equal({ notice: ['Cart is cleared.'] });
    });
  });

  describe('cart body', () => {
    it('writes coupons with a negative saving and plain saving_html, fees by slug, taxes by rate code (cart-with-coupon)', async () => {
      const cart = new GuestCart(shop);
      await cart.add(ID.dripper, 1);
      const { body } = await cart.applyCoupon('save10');
      expect(body.coupons).to.deep.equal([
        { coupon: 'save10', label: 'Coupon: save10', discount_type: 'percent', saving: '-380', saving_html: '-$3.80' },
      ]);
      expect(body.fees).to.deep.equal({ 'handling-fee': { name: 'Handling fee', fee: '150' } });
      expect(Object.keys(body.taxes)).to.deep.equal(['US-VAT-1']);
      expect(body.items_weight).to.be.a('string');
      expect(body.currency.currency_symbol_pos).to.equal('currency_prefix');
      // cross-sells as in cart-guest-items.json
      expect(body.cross_sells[0]).to.deep.include({ id: ID.filters, name: 'Paper Filters (100)', sale_price: '450', on_sale: true, type: 'simple' });
      expect(body.cross_sells[0]).to.have.property('image');
      const plain = (await new GuestCart(shop).add(ID.colombiaBeans, 1)).body;
      expect(plain.cross_sells[0]).to.include({ id: ID.filters });
      const beans = (await new GuestCart(shop).add(ID.ethiopiaBeans, 1)).body.cross_sells.find((p: any) => p.id === ID.mug);
      expect(beans).to.include({ sale_price: '0', on_sale: false });
    });
  });

  describe('login and tokens', () => {
    it('answers an unknown username with 500 and an empty body, on login and on cart routes (login-unknown-username)', async () => {
      for (const [method, path] of [['POST', 'v2/login'], ['GET', 'v2/cart']] as const) {
        const response = await call(shop, method, path, { headers: basic('nosuchuser', 'whatever') });
        expect([response.status, response.text]).to.deep.equal([500, '']);
      }
    });

    it('answers a wrong password with 401 naming the username, even when signing in by e-mail (login-wrong-password)', async () => {
      for (const name of ['ada', 'ada@example.com']) {
        const response = await call(shop, 'POST', 'v2/login', { headers: basic(name, 'wrong') });
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({
          code: 'cocart_authentication_error',
          message: 'The password you entered for the username "ada" is incorrect.',
          data: { status: 401 },
        });
      }
      const cart = await call(shop, 'GET', 'v2/cart', { headers: basic('ada', 'wrong') });
      expect([cart.status, cart.body.code]).to.deep.equal([401, 'cocart_authentication_error']);
    });

    it('refuses credentials in the JSON body alone, or none, with 401 cocart_rest_not_authorized (login-json-body-only)', async () => {
      for (const options of [{ body: { username: 'ada', password: ada.password } }, {}]) {
        const response = await call(shop, 'POST', 'v2/login', options);
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ code: 'cocart_rest_not_authorized', message: 'Sorry, you are not authorized.', data: { status: 401 } });
      }
    });

    it('answers login in the 4.3.6 words (login-basic-with-guest-cart)', async () => {
      const { body } = await call(shop, 'POST', 'v2/login', { headers: basic('ada', ada.password) });
      expect(body).to.include({ user_id: '2', role: 'Customer' });
      expect(body.dev_note).to.equal("Don't forget to store the users login information in order to authenticate all other routes with CoCart.");
    });

    it('words the token routes as 4.3.6: status under data, rest_forbidden without a token, a missing refresh token named', async () => {
      // validate-token-missing, refresh-token-invalid, refresh-token-missing
      const missing = await call(shop, 'POST', 'jwt/validate-token');
      expect([missing.status, missing.body]).to.deep.equal([
        401,
        { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } },
      ]);
      const invalid = await call(shop, 'POST', 'jwt/refresh-token', { body: { refresh_token: 'abc' } });
      expect([invalid.status, invalid.body]).to.deep.equal([
        403,
        { code: 'cocart_authentication_error', message: 'Invalid refresh token.', data: { status: 403 } },
      ]);
      const none = await call(shop, 'POST', 'jwt/refresh-token', { body: {} });
      expect([none.status, none.body]).to.deep.equal([
        403,
        { code: 'cocart_jwt_auth_missing_refresh_token', message: 'Refresh token is required.', data: { status: 403 } },
      ]);
    });

    it('refuses a bad token with 403 by default (cart-invalid-bearer)', async () => {
      const response = await call(shop, 'GET', 'v2/cart', { headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.invalid') });
      expect([response.status, response.body]).to.deep.equal([
        403,
        { code: 'cocart_authentication_error', message: 'Authentication failed.', data: { status: 403 } },
      ]);
    });

    it("with tokenFailure: 'critical-error', answers every bad token with PHP's 500 critical error, on every route (server-jwt-unpatched)", async () => {
      const token = await tokenFor(shippedJwtShop);
      const login = await call(shippedJwtShop, 'POST', 'v2/login', { headers: basic('ada', ada.password) });
      const refresh = login.body.extras.jwt_refresh;
      const critical = {
        code: 'internal_server_error',
        message: CRITICAL_ERROR_MESSAGE,
        data: { status: 500 },
        additional_errors: [],
      };
      expect(CRITICAL_ERROR_MESSAGE).to.contain('There has been a critical error on this website.');
      await call(shippedJwtShop, 'POST', 'v2/logout', { headers: bearer(token) });
      const bad = 'eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.invalid';
      for (const [method, path, stale, options] of [
        ['GET', 'v2/cart', bad, {}],
        ['GET', 'v2/cart', token, {}],
        ['POST', 'v2/cart/add-item', token, { body: { id: '15', quantity: '1' } }],
        ['POST', 'jwt/validate-token', bad, {}],
        ['POST', 'jwt/validate-token', token, {}],
        ['POST', 'jwt/refresh-token', bad, { body: { refresh_token: refresh } }],
      ] as const) {
        const response = await call(shippedJwtShop, method, path, { ...options, headers: bearer(stale) });
        expect(response.status, `${method} ${path}`).to.equal(500);
        expect(response.body).to.deep.equal(critical);
      }
      // What does not involve a bearer token is answered as usual.
      expect((await call(shippedJwtShop, 'POST', 'jwt/validate-token')).status).to.equal(401);
      expect((await call(shippedJwtShop, 'POST', 'jwt/refresh-token', { body: { refresh_token: 'abc' } })).status).to.equal(403);
      expect((await call(shippedJwtShop, 'GET', 'v2/cart')).status).to.equal(200);
    });
  });

  describe('a core-only store (no CoCart Plus)', () => {
    for (const [target, option] of [
      [coreShop, 'addOns: false'],
      [olderCoreShop, 'coupons: false'],
    ] as const) {
      it(`answers 404 rest_no_route for the coupon and shipping-choice routes (${option}; apply-coupon-route-core, set-shipping-method-route-core, coupons-route-core)`, async () => {
        const cart = new GuestCart(target);
        await cart.add(ID.mug, 1);
        for (const [method, path, body] of [
          ['POST', 'v2/cart/apply-coupon', { code: 'save10' }],
          ['DELETE', 'v2/cart/coupons/save10', undefined],
          ['POST', 'v2/cart/set-shipping-method', { rate_id: 'local_pickup:3', package_id: 'default' }],
        ] as const) {
          const response = await cart.send(method, path, body ? { body } : {});
          expect([response.status, response.body], path).to.deep.equal([
            404,
            { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
          ]);
        }
      });
    }

    it('lists the routes it has at GET {ns}/v2, as WordPress does: without the add-on routes in a core-only store', async () => {
      const core = await call(coreShop, 'GET', 'v2');
      expect(core.status).to.equal(200);
      expect(core.body.namespace).to.equal('cocart/v2');
      expect(core.body._links).to.deep.equal({ up: [{ href: 'https://core.test/wp-json/' }] });
      const routes = Object.keys(core.body.routes);
      expect(routes).to.include.members([
        '/cocart/v2',
        '/cocart/v2/cart',
        '/cocart/v2/cart/add-item',
        '/cocart/v2/cart/clear',
        '/cocart/v2/cart/item/(?P<item_key>[\\w]+)',
        '/cocart/v2/cart/update',
        '/cocart/v2/login',
        '/cocart/v2/logout',
        '/cocart/v2/products',
      ]);
      expect(routes.some((route) => /coupon|shipping/.test(route))).to.equal(false);
      const cartRoute = core.body.routes['/cocart/v2/cart'];
      expect(cartRoute).to.deep.include({ namespace: 'cocart/v2', methods: ['GET'], _links: { self: [{ href: 'https://core.test/wp-json/cocart/v2/cart' }] } });
      expect(cartRoute.endpoints[0].methods).to.deep.equal(['GET']);
      expect(cartRoute.endpoints[0].args).to.have.property('cart_key');
      expect(core.body.routes['/cocart/v2/cart/item/(?P<item_key>[\\w]+)'].methods).to.deep.equal(['POST', 'DELETE', 'PUT']);

      const plus = Object.keys((await call(shop, 'GET', 'v2')).body.routes);
      expect(plus).to.include.members(['/cocart/v2/cart/apply-coupon', '/cocart/v2/cart/coupons/(?P<code>[\\w-]+)', '/cocart/v2/cart/set-shipping-method']);
    });
  });

  describe('POST cart/update', () => {
    let cart: GuestCart;
    beforeEach(() => {
      cart = new GuestCart(shop);
    });
    const update = (target: GuestCart, body: Record<string, unknown>) => target.send('POST', 'v2/cart/update', { body });
    const destination = (body: any) => body.shipping.packages.default.formatted_destination;

    it("moves only the billing address on 4.3.6: rates and formatted_destination keep the shop's region", async () => {
      await cart.add(ID.mug, 1);
      const before = (await cart.get()).body;
      const { status, body } = await update(cart, { namespace: 'update-customer', country: 'DE', postcode: '10115', city: 'Berlin' });
      expect(status).to.equal(200);
      expect(body.notices).to.deep.equal({ success: ['Cart updated.'] });
      expect(body.customer.billing_address).to.include({ billing_country: 'DE', billing_postcode: '10115', billing_city: 'Berlin' });
      expect(body.customer.shipping_address).to.include({ shipping_country: 'US', shipping_postcode: '', shipping_city: '' });
      expect(destination(body)).to.equal(destination(before));
      expect(destination(body)).to.equal('United States (US)');
      expect(body.shipping.packages.default.rates).to.deep.equal(before.shipping.packages.default.rates);
    });

    it('ignores fields inside data, wipes s_ / shipping_ fields sent along (the packages then vanish)', async () => {
      await cart.add(ID.mug, 1);
      const nested = await update(cart, { namespace: 'update-customer', data: { country: 'DE' } });
      expect(nested.body.customer.billing_address.billing_country).to.equal('US');
      expect(nested.body.notices).to.deep.equal([]);
      const wiped = await update(cart, { namespace: 'update-customer', country: 'GB', postcode: 'SW1A 1AA', s_country: 'GB', s_postcode: 'SW1A 1AA' });
      expect(wiped.body.customer.shipping_address).to.include({ shipping_country: '', shipping_postcode: '' });
      expect(wiped.body.customer.billing_address).to.include({ billing_country: 'GB', billing_postcode: 'SW1A 1AA' });
      expect(wiped.body.shipping).to.deep.equal([]);
      expect(wiped.body.needs_shipping).to.equal(true);
    });

    it('answers 200 with an error notice for an invalid postcode and keeps the old one (checked on the real store)', async () => {
      await cart.add(ID.mug, 1);
      await update(cart, { namespace: 'update-customer', country: 'US', postcode: '90210' });
      const { status, body } = await update(cart, { namespace: 'update-customer', country: 'US', postcode: 'ABC' });
      expect(status).to.equal(200);
      expect(body.notices).to.deep.equal({ error: ['Billing postcode is not a valid postcode / ZIP.'] });
      expect(body.customer.billing_address.billing_postcode).to.equal('90210');
    });

    it('answers 404 cocart_cart_empty on an empty cart, and 404 for an unknown namespace (checked on the real store)', async () => {
      expect(await update(cart, { namespace: 'update-customer', country: 'US' }).then((r) => [r.status, r.body])).to.deep.equal([
        404,
        { code: 'cocart_cart_empty', message: 'Cart is empty. Please add items to cart first.', data: { status: 404 } },
      ]);
      await cart.add(ID.mug, 1);
      expect(await update(cart, { namespace: 'nope' }).then((r) => [r.status, r.body])).to.deep.equal([
        404,
        { code: 'cocart_update_cart_no_namespace_error', message: 'There is no such namespace registered: nope.', data: { status: 404 } },
      ]);
    });

    it('sets several quantities at once with update-cart; 0 removes, unknown keys are skipped', async () => {
      await cart.add(ID.mug, 1);
      const both = itemsOf((await cart.add(ID.colombiaBeans, 1)).body);
      const [mug, beans] = [both.find((i) => i.id === ID.mug).item_key, both.find((i) => i.id === ID.colombiaBeans).item_key];
      const { body } = await update(cart, { namespace: 'update-cart', quantity: { [mug]: '4', [beans]: '0', ffff: '2' } });
      expect(itemsOf(body).map((item) => [item.id, item.quantity.value])).to.deep.equal([[ID.mug, 4]]);
      expect(body.notices).to.deep.equal({ success: ['Cart updated.'] });
    });

    it('does not exist in the document shape', async () => {
      const response = await call(documentShop, 'POST', 'v2/cart/update', { body: { namespace: 'update-customer', country: 'DE' } });
      expect([response.status, response.body.code]).to.deep.equal([404, 'rest_no_route']);
    });

    it('with shippingFollowsCustomer: true, moves the destination: formatted_destination and rates follow the country', async () => {
      const following = new GuestCart(followingShop);
      await following.add(ID.mug, 1);
      const home = await update(following, { namespace: 'update-customer', country: 'US', postcode: '90210', city: 'Beverly Hills', state: 'CA' });
      expect(home.body.customer.shipping_address).to.include({ shipping_country: 'US', shipping_postcode: '90210' });
      expect(destination(home.body)).to.equal('90210 Beverly Hills, CA, United States (US)');
      expect(Object.keys(home.body.shipping.packages.default.rates)).to.deep.equal(['flat_rate:1', 'local_pickup:3']);

      const abroad = await update(following, { namespace: 'update-customer', country: 'DE', postcode: '10115', city: 'Berlin', state: '' });
      expect(abroad.body.customer.shipping_address).to.include({ shipping_country: 'DE', shipping_postcode: '10115', shipping_city: 'Berlin' });
      expect(destination(abroad.body)).to.equal('10115 Berlin, Germany');
      const rates = abroad.body.shipping.packages.default.rates;
      expect(Object.keys(rates)).to.deep.equal(['flat_rate:5']);
      expect(rates['flat_rate:5']).to.include({ label: 'International flat rate', cost: '1500' });
      expect(abroad.body.totals.shipping_total).to.equal('1500');

      const shippingOnly = await update(following, { namespace: 'update-customer', s_country: 'US', s_postcode: '10001' });
      expect(shippingOnly.body.customer.shipping_address).to.include({ shipping_country: 'US', shipping_postcode: '10001' });
      expect(shippingOnly.body.customer.billing_address).to.include({ billing_country: 'DE' });
      expect(Object.keys(shippingOnly.body.shipping.packages.default.rates)).to.deep.equal(['flat_rate:1', 'local_pickup:3']);
    });
  });
});
