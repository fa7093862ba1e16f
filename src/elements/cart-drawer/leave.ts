/** Where the drawer leaves the page for (the checkout hand-over): one place, so tests can watch it. */
export const leave = {
  to(url: string): void {
    globalThis.location.assign(url);
  },
};
