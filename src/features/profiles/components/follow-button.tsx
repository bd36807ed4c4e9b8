import { useLingui } from '@lingui/react/macro';

/**
 * The follow toggle (docs/product/listening.md "Follow"): a toggle button, pressed while following,
 * that changes at once. The person's name is part of the accessible name ("Follow Ada Lovelace").
 */
export function FollowButton({
  isSubscribed,
  known,
  pending,
  onToggle,
  name,
}: {
  isSubscribed: boolean;
  known: boolean;
  pending: boolean;
  onToggle: () => void;
  name: string;
}) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className={`button button--small profiles-follow${isSubscribed ? ' profiles-follow--on' : ' button--primary'}`}
      aria-pressed={isSubscribed}
      disabled={!known}
      aria-busy={pending}
      onClick={onToggle}
    >
      {isSubscribed ? t({ message: 'Following', context: 'button state' }) : t`Follow`}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
