import type { LanguageCode } from '../../../api/contract/languages.ts';
import { activateLanguage } from '../../../lib/i18n.ts';
import { storage } from '../../../lib/storage.ts';
import { Logo } from '../../../components/ui/logo.tsx';

const choices: { code: LanguageCode; label: string; hint: string }[] = [
  { code: 'en', label: 'English', hint: 'Continue in English' },
  { code: 'de', label: 'Deutsch', hint: 'Auf Deutsch fortfahren' },
];

/**
 * Stores language_code_ui and, with `recordsConsent` (at start-up and on /language), the cookie
 * consent, saying so beside the choices with a link to the terms (docs/product/shell.md
 * "Language"). The labels are in their own language on purpose: the visitor has not chosen yet.
 */
export function LanguageChooser({
  onChosen,
  recordsConsent = false,
}: {
  onChosen?: (language: LanguageCode) => void;
  recordsConsent?: boolean;
}) {
  const choose = async (language: LanguageCode) => {
    await activateLanguage(language);
    if (recordsConsent) storage.set('cookieConsent', 'accepted');
    storage.set('language_code_ui', language);
    onChosen?.(language);
  };
  return (
    <div className="gate" role="group" aria-labelledby="language-title">
      <Logo size={72} />
      <h1 id="language-title" className="gate__title">
        <span lang="en">Choose your language</span>
        <span className="gate__subtitle" lang="de">
          Wähle deine Sprache
        </span>
      </h1>
      <ul className="language-list">
        {choices.map((choice) => (
          <li key={choice.code}>
            <button
              type="button"
              className="button button--large language-list__button"
              lang={choice.code}
              onClick={() => void choose(choice.code)}
            >
              <span className="language-list__label">{choice.label}</span>
              <span className="language-list__hint">{choice.hint}</span>
            </button>
          </li>
        ))}
      </ul>
      {recordsConsent && (
        <p className="gate__footnote">
          <span className="gate__footnote-line" lang="en">
            Choosing also accepts the necessary cookies (<a href="/terms">terms</a>).
          </span>
          <span className="gate__footnote-line" lang="de">
            Die Wahl akzeptiert auch die nötigen Cookies (<a href="/terms">Bedingungen</a>).
          </span>
        </p>
      )}
    </div>
  );
}
