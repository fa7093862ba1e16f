/**
 * The base of every event the elements dispatch for the host page: it bubbles and crosses shadow
 * roots (`composed`); `detail` is what the constructor takes.
 */
export function eventClass<Detail>(type: string, cancelable = false): new (detail: Detail) => CustomEvent<Detail> {
  return class extends CustomEvent<Detail> {
    constructor(detail: Detail) {
      super(type, { bubbles: true, composed: true, cancelable, detail });
    }
  };
}
