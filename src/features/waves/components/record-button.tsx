import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../../lib/session.ts';

/** Shown to signed-in users: to /recorder or /recorder/{channel_id}, with ?backtopath= (docs/product/recording.md "Back path"). */
export function RecordButton({
  channelId,
  backToPath,
}: {
  channelId?: number;
  backToPath?: string;
}) {
  const session = useSession();
  if (!session.signedIn) return null;
  return (
    <Link
      to="/recorder/{-$channel_id}"
      params={{ channel_id: channelId !== undefined ? String(channelId) : undefined }}
      search={backToPath ? { backtopath: backToPath } : {}}
      className="button button--primary record-button"
    >
      <span className="record-button__dot" aria-hidden="true" />
      <Trans>Record</Trans>
    </Link>
  );
}
