import { css } from 'lit';

/** The estimate's look, beside the drawer's styles (static: the form itself loads later, `shipping-estimate.ts`). */
export const estimateStyles = css`
  .estimate,
  .estimate-form {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
  }
  .estimate-toggle,
  .estimate-cancel {
    align-self: flex-start;
    padding: 0;
    color: var(--_accent);
    text-decoration: underline;
  }
  .estimate-actions {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 2);
  }
  .estimate-note {
    font-size: 0.875em;
    color: var(--_muted);
  }
  .estimate-error {
    color: var(--_danger);
    font-size: 0.875em;
  }
`;
