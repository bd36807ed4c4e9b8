import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SignInRequired } from '../../../components/sign-in/sign-in-required.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { useMyGroups } from '../api/get-my-groups.ts';
import './groups.css';

/**
 * /chatgroups (docs/product/channels-and-groups.md "Chat groups"): the caller's groups, newest
 * activity first, each with its description and message count; the way to create one.
 */
export function ChatGroupsPage() {
  const { t } = useLingui();
  const session = useSession();
  const groups = useMyGroups(session.signedIn);
  if (!session.signedIn) return <SignInRequired title={t`Chat groups`} />;

  const create = (
    <Link to="/chat/new" className="button button--primary">
      <Trans>Create a group</Trans>
    </Link>
  );
  return (
    <section className="groups" aria-labelledby="groups-title">
      <div className="feed__bar groups__bar">
        <h1 id="groups-title" className="feed__title">
          <Trans>Chat groups</Trans>
        </h1>
        {groups.data && groups.data.length > 0 && create}
      </div>
      {groups.isPending ? (
        <p className="wave-list__status" role="status">
          <Trans>Loading your groups…</Trans>
        </p>
      ) : groups.isError ? (
        <div className="wave-list__status wave-list__status--error" role="alert">
          <p>
            <Trans>Error loading your groups: {translateServerMessage(groups.error.message)}</Trans>
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => void groups.refetch()}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="card groups__empty">
          <p>
            <Trans>
              You are not in any chat group yet. A chat group is a private place for voice messages
              with people you invite.
            </Trans>
          </p>
          {create}
        </div>
      ) : (
        <ul className="groups__list">
          {groups.data.map((group) => (
            <li key={group.channel_id} className="groups__item">
              <Link
                to="/chat/$channel_name/{-$wave_name}"
                params={{ channel_name: group.channel_name, wave_name: undefined }}
                className="groups__link"
              >
                {group.description || group.channel_name}
              </Link>
              <span className="groups__count">
                {group.wave_count === 1 ? (
                  <Trans>1 message</Trans>
                ) : (
                  <Trans>{group.wave_count} messages</Trans>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
