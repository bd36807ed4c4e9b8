import { useSession } from '../../../lib/session.ts';
import { useIsSubscribed } from '../../../api/get-is-subscribed.ts';
import { useSubscriberCount } from '../../../api/get-subscriber-count.ts';
import { useSetSubscription } from '../../../api/set-subscription.ts';

/**
 * Following a user = subscribing to their home team (docs/product/listening.md "Follow"). Only
 * signed-in users who are not the owner can follow; `canFollow` says whether to show the button at
 * all.
 */
export function useFollow(
  person: { user_id: number; home_team_id: number | null; followers_count: number },
  initialSubscribed?: boolean,
) {
  const session = useSession();
  const teamId = person.home_team_id ?? 0;
  const isOwner = session.signedIn && session.userId === person.user_id;
  const canFollow = session.signedIn && !isOwner && person.home_team_id !== null;
  const subscribed = useIsSubscribed(teamId, {
    enabled: canFollow,
    ...(initialSubscribed !== undefined ? { initial: initialSubscribed } : {}),
  });
  const count = useSubscriberCount(person.home_team_id, person.followers_count);
  const mutation = useSetSubscription(teamId);
  return {
    isOwner,
    canFollow,
    isSubscribed: subscribed.data === true,
    /** Unknown until the first answer (the button waits rather than guesses). */
    known: subscribed.data !== undefined,
    followers: count.data ?? person.followers_count,
    pending: mutation.isPending,
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!(subscribed.data === true));
    },
  };
}
