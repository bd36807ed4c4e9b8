import { Trans } from '@lingui/react/macro';

/** The spec's please-wait screen while a request runs (spec §2, §4 LOADING). */
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
