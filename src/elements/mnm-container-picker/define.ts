import { MnmContainerPicker } from './mnm-container-picker.js';

if (!customElements.get('mnm-container-picker')) customElements.define('mnm-container-picker', MnmContainerPicker);

declare global {
  interface HTMLElementTagNameMap {
    'mnm-container-picker': MnmContainerPicker;
  }
}
