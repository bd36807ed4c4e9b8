import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { UserInfo } from '../../../api/contract/user.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { UserLookupError, useUserByUsername } from '../api/get-user-by-username.ts';
import { countryName } from '../country-name.ts';
import { useFollow } from '../hooks/use-follow.ts';
import { CoverImage } from './cover-image.tsx';
import { FollowButton } from './follow-button.tsx';
import { ProfileStats } from './profile-stats.tsx';
import './profiles.css';

/**
 * The profile header of /u/{username} (docs/product/listening.md "User page"): cover banner, avatar
 * (128 px), display name, region, country, about, karma and followers, and the settings button for
 * the owner or the follow button for other signed-in users.
 */
export function ProfileHeader({ username }: { username: string }) {
  const { t } = useLingui();
  const user = useUserByUsername(username);

  // docs/product/listening.md "User page": a failed user lookup alerts "Request error ..." with the
  // reason.
  const requestError =
    user.error instanceof UserLookupError && user.error.kind === 'request'
      ? `${t`Request error ...`}${translateServerMessage(user.error.detail)}`
      : null;
  useEffect(() => {
    if (requestError) notify(requestError);
  }, [requestError]);

  if (user.isPending) {
    return (
      <header className="profiles-header profiles-header--loading" aria-busy="true">
        <div className="profiles-cover profiles-skeleton" />
        <div className="profiles-header__body">
          <div className="profiles-header__avatar profiles-skeleton" />
          <p className="visually-hidden" role="status">
            {t`Loading the profile…`}
          </p>
        </div>
      </header>
    );
  }
  if (user.isError) {
    const notFound = user.error instanceof UserLookupError && user.error.kind === 'not-found';
    return (
      <header className="profiles-header profiles-header--message">
        <h1>@{username}</h1>
        {notFound ? (
          <p>
            <Trans>There is nobody with this username.</Trans>{' '}
            <Link to="/people">
              <Trans>See who is here</Trans>
            </Link>
          </p>
        ) : (
          <p>
            {requestError ?? translateServerMessage(user.error.message)}{' '}
            <button
              type="button"
              className="button button--small"
              onClick={() => void user.refetch()}
            >
              <Trans>Try again</Trans>
            </button>
          </p>
        )}
      </header>
    );
  }
  return <ProfileHeaderView user={user.data} />;
}

function ProfileHeaderView({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const follow = useFollow(user);
  const isAnonymous = user.username === 'anonymous';
  const name = user.displayname || user.username;
  const country = countryName(user.usercountrycode, i18n.locale, user.usercountryname);
  const place = [user.userregionname, country].filter(Boolean).join(', ');

  return (
    <header className="profiles-header">
      <CoverImage userId={user.user_id} version={user.cover_version} priority />
      <div className="profiles-header__body">
        <Avatar
          userId={user.user_id}
          size={128}
          version={user.avatar_version}
          alt={t`Profile image of ${name}`}
          className="profiles-header__avatar"
        />
        <div className="profiles-header__actions">
          {follow.isOwner && user.home_team_id !== null && (
            <Link
              to="/invitesomeone/$team_id"
              params={{ team_id: String(user.home_team_id) }}
              className="button button--small button--ghost"
            >
              <Trans>Invite someone</Trans>
            </Link>
          )}
          {follow.isOwner && (
            <Link to="/profilesettings" className="button button--small">
              <Trans>Settings</Trans>
            </Link>
          )}
          {follow.canFollow && (
            <FollowButton
              name={name}
              isSubscribed={follow.isSubscribed}
              known={follow.known}
              pending={follow.pending}
              onToggle={follow.toggle}
            />
          )}
        </div>
        <div className="profiles-header__text">
          <h1 className="profiles-header__name">{name}</h1>
          <p className="profiles-header__meta">
            <span>@{user.username}</span>
            {!isAnonymous && place && <span>{place}</span>}
          </p>
          {isAnonymous ? (
            <p className="profiles-header__about">
              <Trans>
                The home of everyone listening and recording without an account. Sign up to get a
                page of your own.
              </Trans>
            </p>
          ) : (
            user.about && <p className="profiles-header__about">{user.about}</p>
          )}
          {!isAnonymous && (
            <ProfileStats karma={user.total_likes_count} followers={follow.followers} />
          )}
        </div>
      </div>
    </header>
  );
}
