// The cart's tags, typed for vue-tsc (once per project).
import type {} from 'cart-widget/vue';
