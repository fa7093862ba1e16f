// The cart's tags, typed for svelte-check (once per project).
import type {} from 'cart-widget/svelte';
