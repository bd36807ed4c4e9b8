import { Trans, useLingui } from '@lingui/react/macro';
import { SignedInOnly } from '../../../components/sign-in/sign-in-required.tsx';
import { ContactAddresses } from './contact-addresses.tsx';
import './info.css';

/** /contact (docs/product/shell.md "Information pages"). */
export function ContactPage() {
  const { t } = useLingui();
  return (
    <SignedInOnly title={t`Contact`}>
      <div className="page page--narrow info-page">
        <section className="card info-section" aria-labelledby="contact-title">
          <h1 id="contact-title">
            <Trans>Contact</Trans>
          </h1>
          <p>
            <Trans>
              We read every message. Please tell us your username so that we can find your waves.
            </Trans>
          </p>
          <ContactAddresses />
        </section>
      </div>
    </SignedInOnly>
  );
}
