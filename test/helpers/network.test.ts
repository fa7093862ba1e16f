// The mock network helpers themselves: one log entry per request however many describes set the
// network up, and shops of one file that never drop each other's routes.
import { expect } from './testing.js';
import { http, HttpResponse } from 'msw';
import { fakeShop, sent, sentTo, serve, testShop, worker } from './network.js';
import { useShop } from './shop.js';

describe('the mock network: one log', () => {
  describe('in a nested describe', () => {
    it('logs each request to a test shop once, with what it carried', async () => {
      const shop = testShop();
      worker.use(http.post(shop.url('v2/cart/add-item'), () => HttpResponse.json({})));

      await fetch(`${shop.url('v2/cart/add-item')}?cart_key=t_a`, {
        method: 'POST',
        headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
        body: '{"id":"1"}',
      });

      expect(sent).to.have.length(1);
      const [request] = sentTo(shop, 'POST', 'v2/cart/add-item');
      expect(request!.cartKey).to.equal('t_a');
      expect(request!.authorization).to.equal('Bearer x');
      expect(request!.body).to.equal('{"id":"1"}');
    });

    it('starts each test with an empty log and only the handlers that outlive tests', async () => {
      expect(sent).to.deep.equal([]);
      expect(worker.listHandlers()).to.deep.equal([]);
    });
  });
});

describe('the mock network: shops side by side', () => {
  const shopA = useShop();
  const shopB = useShop();

  it('answers for every useShop() of the file in the same test', async () => {
    const a = await fetch(shopA().url('v2/cart'));
    const b = await fetch(shopB().url('v2/cart'));

    expect([a.status, b.status]).to.deep.equal([200, 200]);
    expect(shopA().requests).to.have.length(1);
    expect(shopB().requests).to.have.length(1);
  });

  it('adds a shop made in a test beside them', async () => {
    const c = fakeShop({ shape: 'real', namespace: 'cocart' });

    const answers = await Promise.all([shopA(), shopB(), c].map((shop) => fetch(shop.url('v2/cart'))));

    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200]);
    expect(c.requests).to.have.length(1);
  });
});

describe('the mock network: served across tests', () => {
  const shop = testShop();
  let withdraw: () => void;
  before(() => {
    withdraw = serve(http.get(shop.url('v2/cart'), () => HttpResponse.json({ served: true })));
  });
  after(() => withdraw());

  for (const round of [1, 2]) {
    it(`answers in every test of the describe (${round})`, async () => {
      expect(await (await fetch(shop.url('v2/cart'))).json()).to.deep.equal({ served: true });
    });
  }
});
