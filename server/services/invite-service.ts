import type { Invitation } from '../../src/api/contract/invite.ts';
import { followMessages } from '../../src/api/contract/constants.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { teamSubscriptionsRepository } from '../db/repositories/team-subscriptions-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { mustBeSignedIn, notFound } from '../kernel/refusal.ts';
import type { Viewer } from './session-service.ts';

/**
 * POST /invitesomeone (docs/product/accounts.md "Invite someone"): a signed-in member invites
 * someone, by name, to a team (following a user is subscribing to their home team). We send nothing
 * ourselves: the reply is a personal text with the link, which the inviter shares by any channel
 * they like.
 */
export function inviteService(deps: { config: Config; db: Db }) {
  const users = usersRepository(deps.db.kysely);
  const teams = teamSubscriptionsRepository(deps.db.kysely);

  return {
    /** To `teamId`, or to the caller's home team (the original payload was the name alone). */
    async invite(
      viewer: Viewer,
      teamId: number | undefined,
      inviteeName: string,
    ): Promise<Invitation> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const inviter = await users.findById(viewer.userId);
      const targetTeam = teamId ?? inviter?.home_team_id ?? null;
      const team = targetTeam === null ? undefined : await teams.findTeam(targetTeam);
      if (!team) throw notFound(followMessages.teamNotFound);
      const owner = team.owner_user_id === null ? null : await users.findById(team.owner_user_id);
      const url = owner
        ? `${deps.config.publicUrl}/u/${encodeURIComponent(owner.username)}`
        : `${deps.config.publicUrl}/signup`;
      const from = inviter?.displayname || viewer.username;
      const site = deps.config.siteName;
      const text =
        inviter?.language_code_ui === 'de'
          ? `Hallo ${inviteeName}, ${from} lädt dich zu ${team.team_name} auf ${site} ein: ${url}`
          : `Hi ${inviteeName}, ${from} invites you to ${team.team_name} on ${site}: ${url}`;
      return {
        invitee_name: inviteeName,
        team_name: team.team_name,
        invite_url: url,
        invite_text: text,
      };
    },
  };
}
