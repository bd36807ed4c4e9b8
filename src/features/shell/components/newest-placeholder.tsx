import { Trans } from '@lingui/react/macro';

export function NewestPlaceholder() {
  return (
    <section>
      <h1>
        <Trans>Newest waves</Trans>
      </h1>
      <p className="muted">
        <Trans>The list of waves is on its way.</Trans>
      </p>
    </section>
  );
}
