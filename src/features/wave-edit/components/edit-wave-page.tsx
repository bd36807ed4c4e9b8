import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useWaveMetadata, WaveMetadataError } from '../../../api/get-wave-metadata.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSession } from '../../../lib/session.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { EditWaveForm } from './edit-wave-form.tsx';
import './wave-edit.css';

export function EditWavePage({ waveName }: { waveName: string }) {
  const { t } = useLingui();
  const session = useSession();
  const metadata = useWaveMetadata(waveName, session.signedIn);
  const me = useCurrentUser();

  let body;
  if (!session.known) body = null;
  else if (!session.signedIn) {
    body = (
      <p role="alert" className="card">
        <Trans>You must be signed in to do this.</Trans>{' '}
        <Link to="/signin">
          <Trans>Sign in</Trans>
        </Link>
      </p>
    );
  } else if (metadata.isPending) {
    body = (
      <p role="status" className="muted">
        <Trans>Loading…</Trans>
      </p>
    );
  } else if (metadata.isError) {
    const error = metadata.error;
    const text =
      error instanceof WaveMetadataError && error.kind === 'request'
        ? t`Request error: ${translateServerMessage(error.message)}`
        : translateServerMessage(error.message);
    body = (
      <p role="alert" className="card">
        {text}
      </p>
    );
  } else if (!metadata.data.can_edit) {
    body = (
      <p role="alert" className="card">
        <Trans>Only the wave’s creator can edit it.</Trans>
      </p>
    );
  } else {
    body = <EditWaveForm wave={metadata.data} isAdmin={me?.is_admin === true} />;
  }

  return (
    <section className="page page--narrow">
      <h1>
        <Trans>Edit wave</Trans>
      </h1>
      {body}
    </section>
  );
}
