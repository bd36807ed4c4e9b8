import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { GroupNotFound, useGroup } from '../api/get-group.ts';
import type { Channel } from '../../../api/contract/channel.ts';
import { GroupNotFoundView } from './group-not-found.tsx';
import './groups.css';

export type GroupTab = 'messages' | 'members' | 'manage';

/**
 * A chat group's page (docs/product/channels-and-groups.md "Chat groups"): its name, the three
 * tabs (messages, members, manage) and the tab's content. Anyone who is not a member sees the
 * view of a group that does not exist.
 */
export function GroupFrame({
  channelName,
  tab,
  children,
}: {
  channelName: string;
  tab: GroupTab;
  children: (group: Channel) => ReactNode;
}) {
  const { t } = useLingui();
  const group = useGroup(channelName);

  if (group.isPending) {
    return (
      <p className="wave-list__status" role="status">
        <Trans>Loading the group…</Trans>
      </p>
    );
  }
  if (group.isError) {
    if (group.error instanceof GroupNotFound) return <GroupNotFoundView />;
    const message = translateServerMessage(group.error.message);
    return (
      <div className="wave-list__status wave-list__status--error" role="alert">
        <p>{t`Request error getting channel data...${message}`}</p>
        <button type="button" className="button button--small" onClick={() => void group.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }

  const data = group.data;
  const params = { channel_name: data.channel_name };
  return (
    <section className="group" aria-labelledby="group-title">
      <header className="group__header">
        <h1 id="group-title" className="group__title">
          {data.description || data.channel_name}
        </h1>
        <p className="group__count muted">
          {data.wave_count === 1 ? (
            <Trans>1 message</Trans>
          ) : (
            <Trans>{data.wave_count} messages</Trans>
          )}
        </p>
      </header>
      {/* The group's tabs look like the top tabs (src/styles/app.css). */}
      <nav className="group__tabs" aria-label={t`Group sections`}>
        <Link
          to="/chat/$channel_name/{-$wave_name}"
          params={{ ...params, wave_name: undefined }}
          className="top-tabs__tab"
          aria-current={tab === 'messages' ? 'page' : undefined}
        >
          <Trans>Messages</Trans>
        </Link>
        <Link
          to="/chat/members/$channel_name"
          params={params}
          className="top-tabs__tab"
          aria-current={tab === 'members' ? 'page' : undefined}
        >
          <Trans>Members</Trans>
        </Link>
        <Link
          to="/chat/manage/$channel_name"
          params={params}
          className="top-tabs__tab"
          aria-current={tab === 'manage' ? 'page' : undefined}
        >
          <Trans>Manage</Trans>
        </Link>
      </nav>
      <div className="group__body">{children(data)}</div>
    </section>
  );
}
