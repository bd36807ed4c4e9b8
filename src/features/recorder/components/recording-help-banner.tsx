import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { useStoredValue } from '../../../lib/use-stored-value.ts';

/** The dismissible recording-help banner; dismissal is remembered (docs/product/recording.md "Microphone"). */
export function RecordingHelpBanner() {
  const { t } = useLingui();
  const dismissed = useStoredValue('recording-help-dismissed');
  if (dismissed === 'true') return null;
  const language = storedLanguage() === 'de' ? 'de' : 'en';
  return (
    <aside className="recorder__help" aria-label={t`Recording help`}>
      <p>
        <Trans>
          Trouble with the microphone?{' '}
          <Link to={language === 'de' ? '/recordinghelp/de' : '/recordinghelp/en'}>
            Read the recording help
          </Link>
          .
        </Trans>
      </p>
      <button
        type="button"
        className="notice__close"
        onClick={() => storage.set('recording-help-dismissed', 'true')}
        aria-label={t`Hide the recording help`}
      >
        ×
      </button>
    </aside>
  );
}
