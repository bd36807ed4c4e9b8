import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SignedInOnly } from '../../../components/sign-in/sign-in-required.tsx';
import { contacts } from '../contacts.ts';
import './info.css';

/**
 * /support (docs/product/shell.md "Information pages"): an e-mail contact and the community chat.
 */
export function SupportPage() {
  const { t } = useLingui();
  return (
    <SignedInOnly title={t`Support`}>
      <div className="page page--narrow info-page">
        <section className="card info-section" aria-labelledby="support-title">
          <h1 id="support-title">
            <Trans>Support</Trans>
          </h1>
          <p>
            <Trans>
              Something does not work, or you have a question about your account? Write to us at{' '}
              <a href={`mailto:${contacts.support}`}>{contacts.support}</a>. We usually answer
              within two working days.
            </Trans>
          </p>
          <h2>
            <Trans>Community chat</Trans>
          </h2>
          <p>
            <Trans>
              Ask other members in the{' '}
              <Link
                to="/c/$channel_name/{-$wave_name}"
                params={{ channel_name: contacts.communityChannel, wave_name: undefined }}
              >
                #{contacts.communityChannel}
              </Link>{' '}
              channel: record a wave with your question and someone will answer.
            </Trans>
          </p>
          <p>
            <Link to="/help/{-$topic}" params={{ topic: undefined }}>
              <Trans>Read the help first</Trans>
            </Link>
          </p>
        </section>
      </div>
    </SignedInOnly>
  );
}
