import { expect } from '../helpers/testing.js';
import type { SetupWorker } from 'msw/browser';
import { DEFAULT_USERS, EMAIL_CODE_LIFETIME_MS, createMockShop, defaultProvider, totp, type MockUser } from '../../src/mock/index.js';
import { call, startWorker } from './wire-client.js';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
let clock = START;
const SECRET = 'JBSWY3DPEHPK3PXP';

const grace = DEFAULT_USERS.find((user) => user.username === 'grace')!;
/** Two-factor with the authenticator app as primary provider. */
const linus: MockUser = {
  ...grace,
  id: '7',
  username: 'linus',
  email: 'linus@example.com',
  phone: '+15550107',
  password: 'kernel-1991',
  displayName: 'Linus',
  twoFactor: { enabled: ['email', 'totp', 'backup'], primary: 'totp', totpSecret: SECRET, backupCodes: ['11112222', 'b4ck-up99'] },
};
/** Two-factor without a primary provider: the first enabled one is the default. */
const margaret: MockUser = {
  ...grace,
  id: '8',
  username: 'margaret',
  email: 'margaret@example.com',
  phone: '+15550108',
  password: 'apollo-1969',
  displayName: 'Margaret',
  twoFactor: { enabled: ['totp', 'backup'], totpSecret: SECRET, backupCodes: ['33334444'] },
};

const shop = createMockShop({ auth: { users: [...DEFAULT_USERS, linus, margaret], now: () => clock } });
const realShop = createMockShop({ baseUrl: 'https://real.test/wp-json', namespace: 'cocart', shape: 'real' });

/** Credentials as Basic authorization and in the body, as the widget sends them (real servers read only Basic). */
function login(user: MockUser, extra: Record<string, string> = {}, target = shop) {
  const headers = { Authorization: `Basic ${btoa(`${user.username}:${user.password}`)}` };
  return call(target, 'POST', 'v2/login', { headers, body: { username: user.username, password: user.password, ...extra } });
}

/** The default provider the shop names in a fresh challenge. */
async function challengeDefault(user: MockUser): Promise<string> {
  const response = await login(user);
  expect(response.body.code).to.equal('svc_2fa_required');
  return response.body.data.default_provider;
}

describe('mock shop: two-factor sign-in', () => {
  let worker: SetupWorker;
  before(async () => {
    worker = await startWorker(shop, realShop);
  });
  after(() => worker.stop());
  beforeEach(() => {
    clock = START;
    shop.reset();
    realShop.reset();
  });

  describe('the two-factor table', () => {
    it('challenges a login without a code with 401 svc_2fa_required and e-mails a code when the default is email', async () => {
      const response = await login(grace);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({
        code: 'svc_2fa_required',
        message: response.body.message,
        data: {
          status: 401,
          '2fa_required': true,
          available_providers: ['email', 'totp', 'backup'],
          default_provider: 'email',
          email_sent: true,
        },
      });
      const mail = shop.auth!.inbox.latest('grace@example.com');
      expect(mail?.code).to.match(/^\d{6}$/);
      expect(mail?.text).to.contain(mail!.code);
    });

    it('says email_sent false and sends nothing when the default provider is not email', async () => {
      const response = await login(linus);
      expect(response.status).to.equal(401);
      expect(response.body.data.default_provider).to.equal('totp');
      expect(response.body.data.email_sent).to.equal(false);
      expect(shop.auth!.inbox.messages).to.have.length(0);
    });

    it('signs in with a code valid for the default provider and remembers that provider', async () => {
      await login(grace);
      const code = shop.auth!.inbox.latest()!.code;
      const response = await login(grace, { '2fa_code': code });
      expect(response.status).to.equal(200);
      expect(response.body.token).to.be.a('string');
      expect(await challengeDefault(grace)).to.equal('email');
    });

    it('signs in with a code and a provider valid for that provider, and remembers it as last used', async () => {
      const response = await login(grace, { '2fa_code': await totp(SECRET, clock), '2fa_provider': 'totp' });
      expect(response.status).to.equal(200);
      expect(await challengeDefault(grace)).to.equal('totp');
    });

    it('answers 401 svc_2fa_invalid_code for a wrong code, with or without a provider', async () => {
      for (const extra of [{ '2fa_code': '000000' }, { '2fa_code': '000000', '2fa_provider': 'totp' }] as Array<Record<string, string>>) {
        const response = await login(linus, extra);
        expect(response.status).to.equal(401);
        expect(response.body.code).to.equal('svc_2fa_invalid_code');
      }
    });

    it('answers 400 svc_2fa_invalid_provider naming an unknown provider, with or without a code', async () => {
      for (const extra of [{ '2fa_provider': 'sms' }, { '2fa_provider': 'sms', '2fa_code': '123456' }] as Array<Record<string, string>>) {
        const response = await login(grace, extra);
        expect(response.status).to.equal(400);
        expect(response.body.code).to.equal('svc_2fa_invalid_provider');
        expect(response.body.message).to.contain('sms');
      }
      // A provider the plugin knows but this user has not enabled is unknown for them.
      const response = await login(margaret, { '2fa_provider': 'email' });
      expect(response.body.code).to.equal('svc_2fa_invalid_provider');
    });

    it('sends a new e-mail code when asked again without a code for the email provider', async () => {
      await login(linus, { '2fa_provider': 'email' });
      const response = await login(linus, { '2fa_provider': 'email' });
      expect(response.body.data.email_sent).to.equal(true);
      expect(shop.auth!.inbox.messages).to.have.length(2);
      const [first, second] = shop.auth!.inbox.messages;
      // Only the newest code works.
      if (first!.code !== second!.code) {
        expect((await login(linus, { '2fa_provider': 'email', '2fa_code': first!.code })).status).to.equal(401);
      }
      expect((await login(linus, { '2fa_provider': 'email', '2fa_code': second!.code })).status).to.equal(200);
    });

    it('answers the same table in the real-server shape, codes prefixed with its namespace', async () => {
      const challenge = await login(grace, {}, realShop);
      expect(challenge.status).to.equal(401);
      expect(challenge.body.code).to.equal('cocart_2fa_required');
      const invalid = await login(grace, { '2fa_code': '000000' }, realShop);
      expect(invalid.body.code).to.equal('cocart_2fa_invalid_code');
      const provider = await login(grace, { '2fa_provider': 'sms' }, realShop);
      expect([provider.status, provider.body.code]).to.deep.equal([400, 'cocart_2fa_invalid_provider']);
    });
  });

  describe('default provider priority', () => {
    it('prefers the provider last used successfully, while it is still enabled', () => {
      const settings = { enabled: ['email', 'totp', 'backup'], primary: 'email' };
      expect(defaultProvider(settings, 'backup')).to.equal('backup');
      expect(defaultProvider({ ...settings, enabled: ['email', 'totp'] }, 'backup')).to.equal('email');
    });

    it('falls back to the primary provider, then the first enabled one, then an empty string', () => {
      expect(defaultProvider({ enabled: ['email', 'totp'], primary: 'totp' })).to.equal('totp');
      expect(defaultProvider({ enabled: ['email', 'totp'], primary: 'backup' })).to.equal('email');
      expect(defaultProvider({ enabled: ['backup', 'totp'] })).to.equal('backup');
      expect(defaultProvider({ enabled: [] })).to.equal('');
      expect(defaultProvider(undefined)).to.equal('');
    });

    it('names the primary provider first, then the remembered one after a successful sign-in', async () => {
      expect(await challengeDefault(linus)).to.equal('totp');
      expect(await challengeDefault(margaret)).to.equal('totp');
      expect((await login(linus, { '2fa_code': '11112222', '2fa_provider': 'backup' })).status).to.equal(200);
      expect(await challengeDefault(linus)).to.equal('backup');
    });

    it('does not remember a provider whose code failed', async () => {
      await login(linus, { '2fa_code': '99999999', '2fa_provider': 'backup' });
      expect(await challengeDefault(linus)).to.equal('totp');
    });
  });

  describe('codes', () => {
    it('refuses a TOTP code the second time (replay protection)', async () => {
      const code = await totp(SECRET, clock);
      expect((await login(linus, { '2fa_code': code })).status).to.equal(200);
      const replay = await login(linus, { '2fa_code': code });
      expect([replay.status, replay.body.code]).to.deep.equal([401, 'svc_2fa_invalid_code']);
    });

    it('accepts TOTP codes one 30-second step early or late, not two', async () => {
      expect((await login(linus, { '2fa_code': await totp(SECRET, clock - 30_000) })).status).to.equal(200);
      clock += 90_000;
      expect((await login(linus, { '2fa_code': await totp(SECRET, clock + 30_000) })).status).to.equal(200);
      clock += 90_000;
      expect((await login(linus, { '2fa_code': await totp(SECRET, clock - 60_000) })).status).to.equal(401);
      expect((await login(linus, { '2fa_code': await totp(SECRET, clock + 60_000) })).status).to.equal(401);
    });

    it('accepts an e-mail code within 15 minutes, once', async () => {
      await login(grace);
      const code = shop.auth!.inbox.latest()!.code;
      clock += EMAIL_CODE_LIFETIME_MS - 1000;
      expect((await login(grace, { '2fa_code': code })).status).to.equal(200);
      expect((await login(grace, { '2fa_code': code })).body.code).to.equal('svc_2fa_invalid_code');
    });

    it('refuses an e-mail code after 15 minutes', async () => {
      await login(grace);
      const code = shop.auth!.inbox.latest()!.code;
      clock += EMAIL_CODE_LIFETIME_MS + 1000;
      const response = await login(grace, { '2fa_code': code });
      expect([response.status, response.body.code]).to.deep.equal([401, 'svc_2fa_invalid_code']);
    });

    it('takes each backup code once, digits or not', async () => {
      for (const code of ['11112222', 'b4ck-up99']) {
        expect((await login(linus, { '2fa_code': code, '2fa_provider': 'backup' })).status).to.equal(200);
        expect((await login(linus, { '2fa_code': code, '2fa_provider': 'backup' })).status).to.equal(401);
      }
    });

    it('never takes a code meant for another provider', async () => {
      const response = await login(linus, { '2fa_code': '11112222', '2fa_provider': 'totp' });
      expect(response.body.code).to.equal('svc_2fa_invalid_code');
    });
  });

  describe('TOTP', () => {
    // RFC 6238, appendix B: SHA-1 seed "12345678901234567890" (base32 below), 8 digits.
    const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];

    for (const [seconds, expected] of vectors) {
      it(`matches the RFC 6238 test vector at T = ${seconds}`, async () => {
        expect(await totp(seed, seconds * 1000, 8)).to.equal(expected);
        expect(await totp(seed, seconds * 1000)).to.equal(expected.slice(2));
      });
    }

    it('changes its code every 30 seconds', async () => {
      expect(await totp(seed, 59_000)).to.equal(await totp(seed, 30_000));
      expect(await totp(seed, 60_000)).to.not.equal(await totp(seed, 59_000));
    });
  });
});
