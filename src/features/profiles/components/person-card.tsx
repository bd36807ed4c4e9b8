import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Person } from '../../../api/contract/user.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { countryName } from '../country-name.ts';
import { useFollow } from '../hooks/use-follow.ts';
import { CoverImage } from './cover-image.tsx';
import { FollowButton } from './follow-button.tsx';
import { ProfileStats } from './profile-stats.tsx';

/**
 * A profile card of /people (docs/product/listening.md "People"): cover banner, avatar, karma,
 * followers, follow button, display name, region, country and about text.
 */
export function PersonCard({ person }: { person: Person }) {
  const { t, i18n } = useLingui();
  const follow = useFollow(person, person.is_subscribed);
  const name = person.displayname || person.username;
  const place = [
    person.userregionname,
    countryName(person.usercountrycode, i18n.locale, person.usercountryname),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <article className="profiles-card" aria-labelledby={`person-${person.user_id}`}>
      <CoverImage userId={person.user_id} version={person.cover_version} />
      <div className="profiles-card__body">
        <Avatar
          userId={person.user_id}
          size={128}
          version={person.avatar_version}
          alt=""
          className="profiles-card__avatar"
        />
        <div className="profiles-card__action">
          {follow.canFollow && (
            <FollowButton
              name={name}
              isSubscribed={follow.isSubscribed}
              known={follow.known}
              pending={follow.pending}
              onToggle={follow.toggle}
            />
          )}
          {follow.isOwner && <span className="muted">{t`That is you`}</span>}
        </div>
        <div className="profiles-card__text">
          <h2 className="profiles-card__name" id={`person-${person.user_id}`}>
            <Link to="/u/$username/{-$wave_name}" params={{ username: person.username }}>
              {name}
            </Link>
          </h2>
          <p className="profiles-card__meta">
            <span>@{person.username}</span>
            {place && <span>{place}</span>}
          </p>
          {person.about && <p className="profiles-card__about">{person.about}</p>}
          <ProfileStats karma={person.total_likes_count} followers={follow.followers} compact />
        </div>
      </div>
    </article>
  );
}
