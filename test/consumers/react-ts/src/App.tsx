import { useRef, useState } from 'react';
import 'cart-widget/elements';
import type {} from 'cart-widget/jsx/react';
import type { CartDrawer, CartErrorEvent } from 'cart-widget';

export function App() {
  const drawer = useRef<CartDrawer>(null);
  const [added, setAdded] = useState<string[]>([]);
  return (
    <cart-provider base-url="https://shop.example/wp-json" namespace="cocart" checkout-url="/checkout/">
      <cart-drawer
        ref={drawer}
        className="site-cart"
        messages={{ checkout: 'Pay now' }}
        oncheckout={(event) => {
          if (event.detail.url.startsWith('/checkout/')) event.preventDefault();
        }}
        oncart-error={(event: CartErrorEvent) => console.warn(event.detail.error.message)}
        oncart-item-adding={(event) => {
          // A cross-sell is about to be added: two instead of one.
          event.detail.quantity = 2;
        }}
      >
        <span slot="trigger">Basket</span>
      </cart-drawer>
      <add-to-cart
        product-id="11"
        quantity={2}
        open-on-add
        oncart-item-added={(event) => setAdded(event.detail.items.map((item) => item.item_name))}
      />
      <add-to-cart productId="12" openOnAdd />
      <mnm-container-picker product-id="30" keep-selection />
      <login-form
        onauth-signed-in={(event) => console.info(event.detail.user.displayName)}
        onauth-two-factor-required={(event) => console.info(event.detail.providers)}
      />
      {/* @ts-expect-error: a checkout's detail has no `change` */}
      <cart-drawer oncheckout={(event) => event.detail.change} />
      {/* @ts-expect-error: `open` is a boolean */}
      <cart-drawer open="yes" />
      <button type="button" onClick={() => drawer.current?.setAttribute('open', '')}>
        Open the cart ({added.length})
      </button>
    </cart-provider>
  );
}
