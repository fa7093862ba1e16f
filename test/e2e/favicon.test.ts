/**
 * Every demo page names its icon: without one the browser asks for `/favicon.ico`, which the demo
 * does not have, and logs a 404 on every page. The icon is a file of the project, same origin, so
 * the embed page's strict policy (`img-src 'self'`) allows it.
 */
import { expect } from '../helpers/testing.js';

const PAGES = ['/index.html', '/demo/embed.html', '/demo/compose.html', '/demo/theming.html'];

describe('the demo pages’ icon', () => {
  for (const path of PAGES) {
    it(`${path} links an SVG icon that the project serves`, async () => {
      const page = new URL(path, location.origin);
      const html = new DOMParser().parseFromString(await (await fetch(page)).text(), 'text/html');
      const link = html.querySelector<HTMLLinkElement>('head link[rel~="icon"]');
      expect(link, 'no <link rel="icon"> in the head').to.exist;

      const icon = new URL(link!.getAttribute('href')!, page);
      expect(icon.origin, 'the icon comes from another origin').to.equal(location.origin);
      const response = await fetch(icon);
      expect(response.status, `${icon.pathname} answered ${response.status}`).to.equal(200);
      const svg = new DOMParser().parseFromString(await response.text(), 'image/svg+xml');
      expect(svg.documentElement.localName).to.equal('svg');
      expect(svg.querySelector('parsererror')).to.equal(null);
    });
  }
});
