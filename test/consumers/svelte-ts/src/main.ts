import { mount } from 'svelte';
import 'cart-widget/elements';
import App from './App.svelte';

mount(App, { target: document.body });
