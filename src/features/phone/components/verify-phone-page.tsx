import { Trans } from '@lingui/react/macro';
import { VerifyPhoneForm } from './verify-phone-form.tsx';
import './phone.css';

/** /verifyphonenumber: why, then the form. */
export function VerifyPhonePage() {
  return (
    <section className="page page--narrow phone-page" aria-labelledby="phone-title">
      <div>
        <h1 id="phone-title">
          <Trans>Verify your phone number</Trans>
        </h1>
        <p className="muted">
          <Trans>
            A confirmed phone number lets you join and create chat groups for verified phones. We
            only use it for this and never show it on your profile.
          </Trans>
        </p>
      </div>
      <VerifyPhoneForm />
    </section>
  );
}
