import { Plural, useLingui } from '@lingui/react/macro';

/** Karma (the likes a user's waves received) and followers, as in the profile header. */
export function ProfileStats({
  karma,
  followers,
  compact = false,
}: {
  karma: number;
  followers: number;
  compact?: boolean;
}) {
  const { i18n } = useLingui();
  const format = (value: number) => i18n.number(value);
  return (
    <dl className={`profiles-stats${compact ? ' profiles-stats--compact' : ''}`}>
      <div className="profiles-stats__item">
        <dt>
          <Plural value={karma} one="Karma point" other="Karma points" />
        </dt>
        <dd data-testid="karma">{format(karma)}</dd>
      </div>
      <div className="profiles-stats__item">
        <dt>
          <Plural value={followers} one="Follower" other="Followers" />
        </dt>
        <dd data-testid="followers">{format(followers)}</dd>
      </div>
    </dl>
  );
}
