// For the Checkout tests: a click on the drawer's Checkout link that never leaves the test page.

/** Clicks Checkout; answers whether the browser would follow the link itself (the test page stays). */
export function clickCheckout(link: HTMLAnchorElement): boolean {
  let followed = false;
  const stop = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', stop, { once: true });
  link.click();
  return followed;
}
