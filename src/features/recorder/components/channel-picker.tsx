import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { useRecentChannels } from '../api/get-recent-channels.ts';
import './recorder.css';

/** /recorder: pick the channel to record into; the last one used comes first. */
export function ChannelPicker({
  backToPath,
  shared,
}: {
  backToPath: string;
  shared?: string | undefined;
}) {
  const language = storedLanguage() ?? 'en';
  const channels = useRecentChannels(language);
  const last = Number(storage.get('last_used_channel_id') ?? 0);
  const sorted = [...(channels.data ?? [])].sort(
    (a, b) => Number(b.channel_id === last) - Number(a.channel_id === last),
  );
  return (
    <section className="recorder page--narrow">
      <h1>
        {shared ? (
          <Trans>Where do you want to publish the shared file?</Trans>
        ) : (
          <Trans>Where do you want to record?</Trans>
        )}
      </h1>
      {channels.isPending ? (
        <p role="status" className="muted">
          <Trans>Loading channels…</Trans>
        </p>
      ) : channels.isError ? (
        <p role="alert" className="field__error">
          <Trans>Error loading channels. Please try again later.</Trans>
        </p>
      ) : (
        <ul className="channel-picker">
          {sorted.map((channel) => (
            <li key={channel.channel_id}>
              <Link
                to="/recorder/{-$channel_id}"
                params={{ channel_id: String(channel.channel_id) }}
                search={{ backtopath: backToPath, ...(shared ? { shared } : {}) }}
                className="channel-picker__link"
              >
                <span>/c/{channel.channel_name}</span>
                {channel.channel_id === last && (
                  <span className="channel-picker__last">
                    <Trans>last used</Trans>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
