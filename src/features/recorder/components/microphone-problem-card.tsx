import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { storedLanguage } from '../../../lib/storage.ts';
import type { MicrophoneProblem } from '../hooks/use-recording-session.ts';

/** Why the microphone cannot record (denied, missing, unsupported), and where help is. */
export function MicrophoneProblemCard({ problem }: { problem: NonNullable<MicrophoneProblem> }) {
  return (
    <div className="recorder__problem card" role="alert">
      {problem === 'denied' ? (
        <p>
          <Trans>
            Waves cannot use your microphone. Allow microphone access for this site in your
            browser’s settings (the lock or camera icon next to the address), then press Record
            again.
          </Trans>
        </p>
      ) : problem === 'missing' ? (
        <p>
          <Trans>No microphone was found. Connect one, or upload a recording instead.</Trans>
        </p>
      ) : (
        <p>
          <Trans>This browser cannot record audio. Upload a recording instead.</Trans>
        </p>
      )}
      <Link to={storedLanguage() === 'de' ? '/recordinghelp/de' : '/recordinghelp/en'}>
        <Trans>Recording help</Trans>
      </Link>
    </div>
  );
}
