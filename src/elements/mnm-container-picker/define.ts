// The provider first: a provider upgraded after its children would leave them without a store.
import '../cart-provider/define.js';
import { MnmContainerPicker } from './mnm-container-picker.js';

if (!customElements.get('mnm-container-picker')) customElements.define('mnm-container-picker', MnmContainerPicker);

declare global {
  interface HTMLElementTagNameMap {
    'mnm-container-picker': MnmContainerPicker;
  }
}
