import { sharedMessages } from './shared.js';

/** What `<mnm-container-picker>` shows. */
export const pickerMessages = {
  ...sharedMessages,
  quantityOf: (name: string) => `Quantity of ${name}`,
  containerQuantity: 'Number of boxes',
  fewer: (name: string) => `One fewer ${name}`,
  more: (name: string) => `One more ${name}`,
  selected: (count: number, min: number, max: number | null) =>
    max === null
      ? min > 0 ? `${count} of ${min}+ selected` : `${count} selected`
      : `${count} of ${min === max ? max : `${min}–${max}`} selected`,
  chooseMore: (n: number) => `Choose ${n} more`,
  removeSome: (n: number) => `Too many: remove ${n}`,
  selectionComplete: 'Your box is ready.',
  outOfStock: 'Out of stock',
  boxPrice: 'Box price',
  boxAdded: 'Your box was added to the cart.',
  boxError: 'We could not add your box. Check your selection and try again.',
  boxLoadError: 'We could not load this box.',
};

export type PickerMessages = typeof pickerMessages;
