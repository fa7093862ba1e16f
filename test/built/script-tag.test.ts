// The merchant's script tag as `vite build` makes it: dist/cart-widget.js, its chunks from dist/chunks/.
import { builtWidgetBehaviour } from './behaviour-slice.js';

builtWidgetBehaviour('the script tag (dist/cart-widget.js)', () => import(/* @vite-ignore */ `${'/dist/cart-widget.js'}`));
