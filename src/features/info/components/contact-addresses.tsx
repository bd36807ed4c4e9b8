import { Trans } from '@lingui/react/macro';
import { contacts } from '../contacts.ts';

/** The contact addresses (docs/product/shell.md "Information pages"). */
export function ContactAddresses() {
  return (
    <dl className="info-contacts">
      <dt>
        <Trans>Questions and feedback</Trans>
      </dt>
      <dd>
        <a href={`mailto:${contacts.general}`}>{contacts.general}</a>
      </dd>
      <dt>
        <Trans>Help with your account</Trans>
      </dt>
      <dd>
        <a href={`mailto:${contacts.support}`}>{contacts.support}</a>
      </dd>
    </dl>
  );
}
