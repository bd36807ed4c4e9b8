import { Trans, useLingui } from '@lingui/react/macro';
import { TermsContentDe } from './terms-content-de.tsx';
import { TermsContentEn } from './terms-content-en.tsx';
import './accounts.css';

/** /terms: the terms of use and privacy policy the consent banner and the sign-up form link to. */
export function TermsPage() {
  const { i18n } = useLingui();
  return (
    <article className="prose terms" aria-labelledby="terms-title">
      <h1 id="terms-title">
        <Trans>Terms of use and privacy policy</Trans>
      </h1>
      <p className="terms__updated">
        <Trans>Version 1.0</Trans>
      </p>
      {i18n.locale === 'de' ? <TermsContentDe /> : <TermsContentEn />}
    </article>
  );
}
