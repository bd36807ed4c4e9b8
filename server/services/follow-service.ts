import { followMessages } from '../../src/api/contract/constants.ts';
import type { Subscription } from '../../src/api/contract/team.ts';
import type { Db } from '../db/database.ts';
import { teamSubscriptionsRepository } from '../db/repositories/team-subscriptions-repository.ts';
import { invalid, mustBeSignedIn, notFound } from '../kernel/refusal.ts';
import type { Viewer } from './session-service.ts';
import type { Clock } from '../kernel/clock.ts';

/**
 * Following (docs/product/listening.md "Follow"): a signed-in user subscribes to another user's
 * home team. Nobody follows themselves; the counters move with the subscription row in one
 * transaction.
 */
export function followService(deps: {
  db: Db;
  clock: Clock;
  /** Who follows whom changed (the following list's cached pages are stale). */
  onFollowsChanged?: () => void;
}) {
  const subscriptions = teamSubscriptionsRepository(deps.db.kysely);

  async function team(teamId: number) {
    const found = await subscriptions.findTeam(teamId);
    if (!found) throw notFound(followMessages.teamNotFound);
    return found;
  }

  return {
    async subscriberCount(teamId: number): Promise<number> {
      return Number((await team(teamId)).subscriber_count);
    },

    async isSubscribed(viewer: Viewer, teamId: number): Promise<boolean> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      await team(teamId);
      return subscriptions.isSubscribed(teamId, viewer.userId);
    },

    async setSubscribed(
      viewer: Viewer,
      teamId: number,
      subscribed: boolean,
    ): Promise<Subscription> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const found = await team(teamId);
      if (found.owner_user_id === viewer.userId) {
        throw invalid(followMessages.cannotFollowYourself);
      }
      const count = await subscriptions.set(teamId, viewer.userId, subscribed, deps.clock.now());
      deps.onFollowsChanged?.();
      return { isSubscribed: subscribed, count };
    },
  };
}
