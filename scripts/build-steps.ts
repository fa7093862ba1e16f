// The build's own steps, beside the bundler's: a second build after the first, the merchant's
// stylesheet, old chunks cleared, the check that the one-file build has every element. None is
// about bytes (docs/architecture.md, "Loading later, and bytes", lists what is).
import { readFileSync, rmSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Runs the build of another mode once this one is written, into the same folder (`dist/` unless
 * told), with the same configuration file (`configFile`).
 */
export function alsoBuild(mode: string, configFile: string): Plugin {
  let outDir: string | undefined;
  return {
    name: 'cart-widget:also-build',
    apply: (config, env) => !env.isPreview && config.build?.write !== false,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({ mode, logLevel: 'warn', configFile, build: { outDir } });
    },
  };
}

/**
 * `dist/cart-widget.css` beside the script: the elements' places before their script has run
 * (`src/cart-widget.css`), linked by the merchant's page so that nothing moves as the elements fill in.
 */
export function placesStylesheet(): Plugin {
  return {
    name: 'cart-widget:places-stylesheet',
    generateBundle() {
      const source = readFileSync('src/cart-widget.css', 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/\s*([{}:;,>])\s*/g, '$1')
        .replace(/;}/g, '}')
        .trim();
      this.emitFile({ type: 'asset', fileName: 'cart-widget.css', source: `${source}\n` });
    },
  };
}

/** Chunk names change with their content: the ones from an earlier build go before a new one is written. */
export function forgetOldChunks(chunks: string): Plugin {
  return {
    name: 'cart-widget:forget-old-chunks',
    // Only a build that writes (`npm run size` builds in memory).
    apply: (config) => config.build?.write !== false,
    generateBundle(options) {
      if (options.dir) rmSync(`${options.dir}/${chunks}`, { recursive: true, force: true });
    },
  };
}

/** The one-file build names its elements one by one (in the order that gzips smallest): none may be missing. */
export function everyElement(elements: readonly string[]): Plugin {
  return {
    name: 'cart-widget:every-element',
    generateBundle(_options, bundle) {
      const ids = Object.values(bundle).flatMap((item) => (item.type === 'chunk' && item.isEntry ? item.moduleIds : []));
      const missing = elements.filter((tag) => !ids.some((id) => id.endsWith(`/src/elements/${tag}/define.ts`)));
      if (missing.length) this.error(`src/cart-widget.all.ts does not import ${missing.map((tag) => `./elements/${tag}/define.js`).join(', ')}`);
    },
  };
}
