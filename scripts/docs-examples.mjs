// The live examples of the documentation site (scripts/docs.mjs), per element: each `html` is shown
// running on the built-in fake shop and as its source. Product ids are the fake shop's
// (`PRODUCT_IDS` in cart-widget/mock). test/docs/run.mjs checks that every example renders.

/** Every language that ships (README, Language), for the menu on each page. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'pl', name: 'Polski' },
  { code: 'sv', name: 'Svenska' },
  { code: 'ja', name: '日本語' },
  { code: 'ar', name: 'العربية' },
];

const provider = (inner) => `<cart-provider base-url="/wp-json" checkout-url="#checkout">
${inner}
</cart-provider>`;

export const examples = {
  'cart-provider': [
    {
      title: 'One provider, every element inside it',
      note: 'The provider draws nothing itself: it gives the elements inside it one shop, one store and one set of strings.',
      html: provider(`  <cart-drawer></cart-drawer>
  <p>Items: <cart-count></cart-count></p>`),
    },
  ],
  'cart-drawer': [
    {
      title: 'The drawer',
      note: 'Press the button to open the cart. Add something on the `<add-to-cart>` page first, or with the button below.',
      html: provider(`  <cart-drawer></cart-drawer>
  <add-to-cart product-id="11"></add-to-cart>`),
    },
    {
      title: 'Your own trigger label and footer',
      html: provider(`  <cart-drawer>
    <span slot="trigger">Basket</span>
    <p slot="footer">Free returns within 30 days.</p>
  </cart-drawer>`),
    },
  ],
  'add-to-cart': [
    {
      title: 'The built-in button',
      html: provider(`  <add-to-cart product-id="11"></add-to-cart>
  <p>In the cart: <cart-count></cart-count></p>`),
    },
    {
      title: 'Your own button, two at a time',
      html: provider(`  <add-to-cart product-id="15" quantity="2">
    <button type="button">Add two mugs</button>
  </add-to-cart>`),
    },
    {
      title: 'Opening the drawer after an add',
      html: provider(`  <add-to-cart product-id="12" open-on-add></add-to-cart>
  <cart-drawer></cart-drawer>`),
    },
  ],
  'login-form': [
    {
      title: 'Sign-in with two-factor verification',
      note: 'Sign in as **grace** / **compiler-1952**: the shop asks for a second factor and e-mails a code, which lands in the inbox at the bottom of this page. **ada** / **analytical-engine** signs in without one.',
      html: provider(`  <login-form></login-form>`),
    },
  ],
  'mnm-container-picker': [
    {
      title: 'A tasting box of 3 to 6 samples',
      note: 'Choose samples with − and +; the box can be added once the selection is within its limits. An out-of-stock sample is shown but cannot be chosen.',
      html: provider(`  <mnm-container-picker product-id="30"></mnm-container-picker>`),
    },
  ],
  'cart-count': [
    {
      title: 'Count, total and subtotal',
      html: provider(`  <p>Items: <cart-count></cart-count></p>
  <p>Total: <cart-count show="total"></cart-count></p>
  <p>Subtotal: <cart-count show="subtotal"></cart-count></p>
  <add-to-cart product-id="14"></add-to-cart>`),
    },
  ],
};
