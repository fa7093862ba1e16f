import { createApp } from 'vue';
import 'cart-widget/elements';
import App from './App.vue';

createApp(App).mount(document.body.appendChild(document.createElement('div')));
