// A theme developer's page bundled from the npm package: `import 'cart-widget/elements'` resolved
// through package.json's `exports` and bundled by Vite with its `sideEffects` in force
// (scripts/build-consumer.mjs, run by `npm test` before the browsers).
import { builtWidgetBehaviour } from './behaviour-slice.js';

builtWidgetBehaviour("a theme developer's bundle of the npm package", () => import(/* @vite-ignore */ `${'/.consumer-build/dist/page.js'}`));
