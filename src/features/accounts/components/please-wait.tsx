import { Trans } from '@lingui/react/macro';

/** The please-wait screen while a request runs (LOADING, docs/product/accounts.md "Sign-in"). */
export function PleaseWait() {
  return (
    <div className="accounts-wait" role="status" aria-live="polite">
      <span className="accounts-wait__spinner" aria-hidden="true" />
      <p>
        <Trans>Please wait…</Trans>
      </p>
    </div>
  );
}
