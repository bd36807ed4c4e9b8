import { Trans } from '@lingui/react/macro';
import { EnterSmsCodeForm } from './enter-sms-code-form.tsx';
import './phone.css';

/** /entersmscode. */
export function EnterSmsCodePage({ phone }: { phone: string | undefined }) {
  return (
    <section className="page page--narrow phone-page" aria-labelledby="code-title">
      <h1 id="code-title">
        <Trans>Enter the code</Trans>
      </h1>
      <EnterSmsCodeForm phone={phone} />
    </section>
  );
}
