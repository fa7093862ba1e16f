// The provider first: a provider upgraded after its children would leave them without a store.
import '../cart-provider/define.js';
import { LoginForm } from './login-form.js';

if (!customElements.get('login-form')) customElements.define('login-form', LoginForm);

declare global {
  interface HTMLElementTagNameMap {
    'login-form': LoginForm;
  }
}
