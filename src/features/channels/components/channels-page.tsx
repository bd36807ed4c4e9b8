import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Channel } from '../../../api/contract/channel.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { storedLanguage } from '../../../lib/storage.ts';
import { useChannelsByLanguage } from '../api/get-channels.ts';
import './channels.css';

const NewChannelForm = lazy(() =>
  import('./new-channel-form.tsx').then((module) => ({ default: module.NewChannelForm })),
);

type SortOrder = 'recent' | 'messages' | 'name';

const sorters: Record<SortOrder, (a: Channel, b: Channel) => number> = {
  recent: (a, b) => (b.latest_wave_created ?? '').localeCompare(a.latest_wave_created ?? ''),
  messages: (a, b) => b.wave_count - a.wave_count || a.channel_name.localeCompare(b.channel_name),
  name: (a, b) => a.channel_name.localeCompare(b.channel_name),
};

/** /channels: the public channels of the UI language, sortable; creation for those allowed. */
export function ChannelsPage() {
  const { t } = useLingui();
  const language = storedLanguage() ?? 'en';
  const channels = useChannelsByLanguage(language);
  const me = useCurrentUser();
  const [order, setOrder] = useState<SortOrder>('recent');
  const sorted = useMemo(
    () => [...(channels.data ?? [])].sort(sorters[order]),
    [channels.data, order],
  );

  return (
    <section className="channels">
      <div className="feed__bar channels__bar">
        <h1 className="feed__title">
          <Trans>Channels</Trans>
        </h1>
        <label className="channels__sort">
          <span>
            <Trans>Sort by</Trans>
          </span>
          <select
            className="select"
            value={order}
            onChange={(event) => setOrder(event.target.value as SortOrder)}
          >
            <option value="recent">{t`Recently updated`}</option>
            <option value="messages">{t`Number of messages`}</option>
            <option value="name">{t`Name`}</option>
          </select>
        </label>
      </div>
      {channels.isPending ? (
        <p className="wave-list__status" role="status">
          <Trans>Loading channels…</Trans>
        </p>
      ) : channels.isError ? (
        <p className="wave-list__status wave-list__status--error" role="alert">
          <Trans>Error loading channels. Please try again later.</Trans>
        </p>
      ) : sorted.length === 0 ? (
        <p className="wave-list__status">
          <Trans>No channels yet.</Trans>
        </p>
      ) : (
        <ul className="channels__list">
          {sorted.map((channel) => (
            <li key={channel.channel_id} className="channels__item">
              <Link
                to="/c/$channel_name/{-$wave_name}"
                params={{ channel_name: channel.channel_name, wave_name: undefined }}
                className="channels__link"
              >
                /c/{channel.channel_name}
              </Link>
              <span className="channels__count">
                {channel.wave_count === 1 ? (
                  <Trans>1 wave</Trans>
                ) : (
                  <Trans>{channel.wave_count} waves</Trans>
                )}
              </span>
              {channel.description && (
                <p className="channels__description">{channel.description}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {me?.can_create_channels ? (
        <Suspense fallback={null}>
          <NewChannelForm language={language} />
        </Suspense>
      ) : (
        <p className="muted channels__note">
          <Trans>Creating new channels needs enough reputation.</Trans>
        </p>
      )}
    </section>
  );
}
