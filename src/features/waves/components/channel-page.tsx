import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ChannelError, useChannel } from '../api/get-channel.ts';
import { RecordButton } from './record-button.tsx';
import { WaveList } from './wave-list.tsx';

/** /c/{channel_name}: the channel header (with its link) and the channel's waves. */
export function ChannelPage({
  channelName,
  waveName,
}: {
  channelName: string;
  waveName?: string | undefined;
}) {
  const { t } = useLingui();
  const channel = useChannel(channelName);

  if (channel.isPending) {
    return (
      <p className="wave-list__status" role="status">
        <Trans>Loading channel…</Trans>
      </p>
    );
  }
  if (channel.isError) {
    const error = channel.error;
    const text =
      error instanceof ChannelError && error.kind === 'not-found'
        ? t`Request error channel not found`
        : error instanceof ChannelError && error.kind === 'no-data'
          ? t`Unknown error getting channel`
          : t`Request error getting channel data...${error.message.replace('Request error getting channel data...', '')}`;
    return (
      <section className="channel-header channel-header--error">
        <h1 className="channel-header__name">/c/{channelName}</h1>
        <p className="wave-list__status wave-list__status--error" role="alert">
          {text}
        </p>
        <Link to="/channels">
          <Trans>See all channels</Trans>
        </Link>
      </section>
    );
  }

  const { data } = channel;
  return (
    <section>
      <header className="channel-header">
        <div className="channel-header__text">
          <h1 className="channel-header__name">
            <Link
              to="/c/$channel_name/{-$wave_name}"
              params={{ channel_name: data.channel_name, wave_name: undefined }}
            >
              /c/{data.channel_name}
            </Link>
          </h1>
          {data.description && <p className="channel-header__description">{data.description}</p>}
          <p className="channel-header__count muted">
            {data.wave_count === 1 ? <Trans>1 wave</Trans> : <Trans>{data.wave_count} waves</Trans>}
          </p>
        </div>
        <RecordButton channelId={data.channel_id} backToPath={`/c/${data.channel_name}`} />
      </header>
      <WaveList
        source={{ kind: 'channel', channelName: data.channel_name }}
        selectedWaveName={waveName}
        emptyText={t`No waves in this channel yet. Be the first to record one!`}
      />
    </section>
  );
}
