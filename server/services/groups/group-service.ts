import { createHash, randomBytes } from 'node:crypto';
import type { Channel } from '../../../src/api/contract/channel.ts';
import {
  invitationPath,
  invitationProblems,
  type ChatGroup,
  type ChatInvitation,
  type ChatMember,
  type InvitationCreateInput,
  type InvitationPreview,
  type SameGroupPerson,
} from '../../../src/api/contract/chat.ts';
import {
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
  INVITATION_TTL_MS,
  type GroupAccessRule,
  type GroupRole,
  type LanguageCode,
} from '../../../src/api/contract/constants.ts';
import type { Db } from '../../db/database.ts';
import { channelsRepository, type ChannelRow } from '../../db/repositories/channels-repository.ts';
import {
  chatGroupsRepository,
  type InvitationRow,
} from '../../db/repositories/chat-groups-repository.ts';
import { usersRepository, type UserRow } from '../../db/repositories/users-repository.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Log } from '../../kernel/log.ts';
import { forbidden, invalid, mustBeSignedIn, notFound, Refusal } from '../../kernel/refusal.ts';
import type { MailProvider } from '../../providers/mail.ts';
import type { SmsProvider } from '../../providers/sms.ts';
import { validatePhone } from '../phone-service.ts';
import { HOUR, type RateLimiter } from '../rate-limiter.ts';
import type { Viewer } from '../session-service.ts';
import type { Caller, WaveAccess } from '../wave-access.ts';
import { presentChannel } from '../wave-presenter.ts';
import { invitationMail, invitationSms } from './invitation-messages.ts';

/** Rate limits (docs/product/channels-and-groups.md "Invitations"). */
export const GROUP_LIMITS = {
  createPerUserHour: 20,
  invitePerUserHour: 30,
  invitePerGroupHour: 100,
  acceptPerUserHour: 30,
  acceptPerIpHour: 60,
  previewPerIpHour: 120,
};

/** 18 random bytes: 144 bits, 24 URL-safe characters. */
const newCode = () => randomBytes(18).toString('base64url');
const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();
const asLanguage = (code: string | undefined): LanguageCode => (code === 'de' ? 'de' : 'en');

function invitationStatus(row: Pick<InvitationRow, 'status' | 'expires_at'>, now: number) {
  if (row.status === 'accepted') return 'accepted' as const;
  if (row.status === 'revoked') return 'revoked' as const;
  return row.expires_at <= now ? ('expired' as const) : ('pending' as const);
}

/**
 * Chat groups (docs/product/channels-and-groups.md "Chat groups"): creation with the creator as
 * admin, members, named invitations by SMS or e-mail, the shareable link, acceptance under the
 * group's access rule, and the admin's management. A group the caller may not read is refused
 * exactly like one that does not exist ("channel not found").
 */
export function groupService(deps: {
  db: Db;
  clock: Clock;
  access: WaveAccess;
  rateLimiter: RateLimiter;
  sms: SmsProvider;
  mail: MailProvider;
  siteName: string;
  publicUrl: string;
  limits?: Partial<typeof GROUP_LIMITS>;
  /** The app's logger; a request's own `log` argument goes before it. */
  log?: Log | null;
}) {
  const groups = chatGroupsRepository(deps.db.kysely);
  const channels = channelsRepository(deps.db.kysely);
  const users = usersRepository(deps.db.kysely);
  const limits = { ...GROUP_LIMITS, ...deps.limits };
  const limiter = deps.rateLimiter;
  const hidden = () => notFound(chatMessages.groupNotFound);

  interface GroupContext {
    channel: ChannelRow;
    role: GroupRole | null;
    siteAdmin: boolean;
  }

  /** The group if the viewer may read it (member or site admin); else "channel not found". */
  async function readable(channel: ChannelRow | undefined, viewer: Viewer): Promise<GroupContext> {
    if (!channel || channel.is_chatgroup !== 1 || viewer.isAnonymous) throw hidden();
    const membership = await groups.membership(channel.id, viewer.userId);
    const siteAdmin = deps.access.isAdmin(viewer);
    if (!membership && !siteAdmin) throw hidden();
    return { channel, role: (membership?.role as GroupRole | undefined) ?? null, siteAdmin };
  }
  const byName = async (name: string, viewer: Viewer) =>
    readable(await channels.findByName(name), viewer);
  const byId = async (id: number, viewer: Viewer) => readable(await channels.findById(id), viewer);

  /** The group's admin, or a site admin (moderation). */
  function assertManager(group: GroupContext) {
    if (group.role !== 'admin' && !group.siteAdmin) throw forbidden(chatMessages.onlyAdmin);
  }

  function presentInvitation(
    row: Omit<InvitationRow, 'code_hash'> & {
      inviter_username: string;
      invitee_username: string | null;
    },
  ): ChatInvitation {
    return {
      invitation_id: row.id,
      inviter_username: row.inviter_username,
      invitee_name: row.invitee_name,
      invitee_email: row.invitee_email,
      invitee_phone_number: row.invitee_phone_number,
      invitee_username: row.invitee_username,
      status: invitationStatus(row, deps.clock.now()),
      invited_at: iso(row.invited_at),
      expires_at: iso(row.expires_at),
    };
  }

  /** The account must meet the group's rule (docs/product/channels-and-groups.md "Access rules"). */
  function assertMeetsRule(user: UserRow, rule: string) {
    if (rule === ACCESS_RULE_PHONE && user.phone_confirmed_at === null) {
      throw forbidden(chatMessages.phoneNeededToJoin);
    }
    if (rule === ACCESS_RULE_EMAIL && user.email_confirmed_at === null) {
      throw forbidden(chatMessages.emailNeededToJoin);
    }
  }

  /** A code names an invitation (by its hash) or is the group's shareable-link token. */
  async function lookUp(code: string) {
    const invitation = await groups.findInvitationByHash(hashOf(code));
    if (invitation) {
      const channel = await channels.findById(invitation.channel_id);
      if (channel?.is_chatgroup === 1) return { channel, invitation };
    }
    const channel = await groups.findByLinkToken(code);
    if (channel) return { channel, invitation: null };
    throw notFound(chatMessages.invitationNotFound);
  }

  function refusalOfUnusable(invitation: InvitationRow): Refusal | null {
    const status = invitationStatus(invitation, deps.clock.now());
    if (status === 'accepted') return new Refusal('conflict', chatMessages.invitationUsed);
    if (status === 'revoked') return new Refusal('conflict', chatMessages.invitationRevoked);
    if (status === 'expired') return new Refusal('conflict', chatMessages.invitationExpired);
    return null;
  }

  async function signedInUser(viewer: Viewer) {
    if (viewer.isAnonymous) throw mustBeSignedIn();
    const user = await users.findById(viewer.userId);
    if (!user) throw mustBeSignedIn();
    return user;
  }

  return {
    /** POST /channel/new with is_chatgroup: the creator becomes the group's admin. */
    async create(
      body: { description: string; channel_access_rule: GroupAccessRule; language_code_ui: string },
      caller: Caller,
    ) {
      const user = await signedInUser(caller.viewer);
      if (body.channel_access_rule === ACCESS_RULE_PHONE && user.phone_confirmed_at === null) {
        throw forbidden(chatMessages.phoneNeededToCreate, {
          channel_access_rule: chatMessages.phoneNeededToCreate,
        });
      }
      await limiter.hit(`group-create:user:${user.id}`, limits.createPerUserHour, HOUR);
      const now = deps.clock.now();
      // The name in /chat/{channel_name} is made up: 96 random bits, never a public channel's.
      for (let attempt = 0; ; attempt += 1) {
        const channelName = `g-${randomBytes(12).toString('base64url')}`;
        try {
          const id = await groups.createGroup(
            {
              channel_name: channelName,
              channel_name_lower: channelName.toLowerCase(),
              description: body.description,
              language_code_ui: body.language_code_ui,
              is_chatgroup: 1,
              channel_access_rule: body.channel_access_rule,
              channel_invitation_code: newCode(),
              created_by_user_id: user.id,
              created_at: now,
            },
            user.id,
            now,
          );
          return { channel_id: id, channel_name: channelName };
        } catch (error) {
          if (attempt >= 2) throw error;
        }
      }
    },

    /** GET /channel/chat/getchatswhereuserismember. */
    async mine(viewer: Viewer): Promise<ChatGroup[]> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const rows = await groups.groupsOf(viewer.userId);
      return rows.map((row) => ({
        ...presentChannel(row),
        role: row.role as GroupRole,
        member_since: iso(row.member_since),
        member_count: Number(row.member_count ?? 0),
      }));
    },

    /** The group for the group's pages (GET /chat/* reads it by name): members and site admins. */
    async channelFor(name: string, viewer: Viewer): Promise<Channel> {
      return presentChannel((await byName(name, viewer)).channel);
    },

    /** The group row when the viewer may read it (the waves list of a group). */
    async readableByName(name: string, viewer: Viewer) {
      return (await byName(name, viewer)).channel;
    },

    /** GET /channel/chat/{channel_name}/members. */
    async members(name: string, viewer: Viewer): Promise<ChatMember[]> {
      const { channel } = await byName(name, viewer);
      const rule = channel.channel_access_rule;
      return (await groups.members(channel.id)).map((row) => ({
        user_id: row.user_id,
        displayname: row.displayname || row.username,
        username: row.username,
        // Members of a phone group know each other by phone, of an e-mail group by e-mail.
        phone_number:
          rule === ACCESS_RULE_PHONE && row.phone_confirmed_at !== null ? row.phone_number : null,
        email: rule === ACCESS_RULE_EMAIL && row.email_confirmed_at !== null ? row.email : null,
        role: row.role as GroupRole,
        member_since: iso(row.member_since),
        avatar_version: row.avatar_version,
      }));
    },

    /** GET /channel/chat/{channel_name}/invitations: all for the admin, one's own for a member. */
    async invitations(name: string, viewer: Viewer): Promise<ChatInvitation[]> {
      const group = await byName(name, viewer);
      const everyone = group.role === 'admin' || group.siteAdmin;
      const rows = await groups.invitationsOf(
        group.channel.id,
        everyone ? undefined : viewer.userId,
      );
      return rows.map(presentInvitation);
    },

    /**
     * POST /channel/chat/{channel_id}/invitationcreate: a named invitation, sent by SMS (phone
     * groups) or e-mail (e-mail groups) in the invitee's language where known. Groups for anyone
     * with the link invite by their link ("Invalid access rule").
     */
    async invite(
      channelId: number,
      input: InvitationCreateInput,
      viewer: Viewer,
      log: Log | null = deps.log ?? null,
    ) {
      const group = await byId(channelId, viewer);
      if (input.channel_id !== channelId) {
        throw invalid(chatMessages.channelIdRequired, {
          channel_id: chatMessages.channelIdRequired,
        });
      }
      const rule = group.channel.channel_access_rule;
      const country = input.country;
      const problems = invitationProblems(rule, input, (phone) => {
        const checked = validatePhone(phone, country);
        return checked.valid && checked.e164
          ? { ok: true, e164: checked.e164, country: checked.country, nationalNumber: '' }
          : { ok: false, problem: 'invalid' };
      });
      const firstProblem = Object.values(problems)[0];
      if (firstProblem) throw invalid(firstProblem, problems);

      const inviter = await signedInUser(viewer);
      await limiter.hit(`group-invite:user:${inviter.id}`, limits.invitePerUserHour, HOUR);
      await limiter.hit(`group-invite:group:${channelId}`, limits.invitePerGroupHour, HOUR);

      const phone =
        rule === ACCESS_RULE_PHONE
          ? validatePhone(input.invitee_phone_number ?? '', country).e164
          : null;
      const email = rule === ACCESS_RULE_EMAIL ? (input.invitee_email ?? '').toLowerCase() : null;
      const invitee =
        (input.invitee_user_id !== undefined
          ? await users.findById(input.invitee_user_id)
          : undefined) ??
        (phone ? await groups.userByConfirmedPhone(phone) : undefined) ??
        (email ? await users.findByEmail(email) : undefined);
      if (invitee && (await groups.membership(channelId, invitee.id))) {
        throw new Refusal('conflict', chatMessages.alreadyMember);
      }

      const code = newCode();
      const now = deps.clock.now();
      const expiresAt = now + INVITATION_TTL_MS;
      const id = await groups.insertInvitation({
        channel_id: channelId,
        inviter_user_id: inviter.id,
        invitee_name: input.invitee_name,
        invitee_email: email,
        invitee_phone_number: phone,
        invitee_user_id: input.invitee_user_id !== undefined && invitee ? invitee.id : null,
        status: 'pending',
        invited_at: now,
        code_hash: hashOf(code),
        expires_at: expiresAt,
      });
      const text = {
        site: deps.siteName,
        inviter: inviter.displayname || inviter.username,
        invitee: input.invitee_name,
        group: group.channel.description,
        link: `${deps.publicUrl}${invitationPath(code)}`,
        language: asLanguage(invitee?.language_code_ui ?? inviter.language_code_ui),
      };
      try {
        if (phone) await deps.sms.send(invitationSms(phone, text), log ?? undefined);
        else if (email) await deps.mail.send(invitationMail(email, text), log ?? undefined);
      } catch (error) {
        // No invitation stays behind that nobody received.
        await groups.deleteInvitation(id);
        log?.error({ err: error, channelId }, 'the invitation could not be sent');
        throw new Refusal('unavailable', chatMessages.invitationSendFailed);
      }
      return {
        invitation_id: id,
        sent_via: phone ? ('sms' as const) : ('email' as const),
        expires_at: iso(expiresAt),
      };
    },

    /** GET /channel/chat/invitation/{code}: what the invitation page shows before accepting. */
    async preview(code: string, viewer: Viewer, ip: string): Promise<InvitationPreview> {
      await limiter.hit(`group-preview:ip:${ip}`, limits.previewPerIpHour, HOUR);
      const { channel, invitation } = await lookUp(code);
      const inviterId = invitation?.inviter_user_id ?? channel.created_by_user_id;
      const inviter = inviterId === null ? undefined : await users.findById(inviterId);
      const status = invitation ? invitationStatus(invitation, deps.clock.now()) : 'valid';
      const isMember =
        !viewer.isAnonymous && (await groups.membership(channel.id, viewer.userId)) !== undefined;
      return {
        channel_id: channel.id,
        description: channel.description,
        inviter_displayname: inviter ? inviter.displayname || inviter.username : deps.siteName,
        channel_access_rule: channel.channel_access_rule as GroupAccessRule,
        status: status === 'pending' ? 'valid' : status === 'accepted' ? 'used' : status,
        is_member: isMember,
        expires_at: invitation ? iso(invitation.expires_at) : null,
      };
    },

    /**
     * POST /channel/chat/{code}/invitationaccept. A named invitation works once, until it
     * expires, and only for the account it names (when it names one); the link works until the
     * admin renews or revokes it. The group's rule is checked here. A member just gets the group.
     */
    async accept(code: string, viewer: Viewer, ip: string) {
      const user = await signedInUser(viewer);
      await limiter.hit(`group-accept:user:${user.id}`, limits.acceptPerUserHour, HOUR);
      await limiter.hit(`group-accept:ip:${ip}`, limits.acceptPerIpHour, HOUR);
      const { channel, invitation } = await lookUp(code);
      const opened = { channel_id: channel.id, channel_name: channel.channel_name };
      if (await groups.membership(channel.id, user.id)) return opened;
      if (invitation) {
        const unusable = refusalOfUnusable(invitation);
        if (unusable) throw unusable;
        if (invitation.invitee_user_id !== null && invitation.invitee_user_id !== user.id) {
          throw forbidden(chatMessages.invitationForSomeoneElse);
        }
        assertMeetsRule(user, channel.channel_access_rule);
        const now = deps.clock.now();
        if (!(await groups.acceptInvitation(invitation.id, channel.id, user.id, now))) {
          // Another request used it first (or it expired this very moment).
          const fresh = await groups.findInvitationByHash(hashOf(code));
          throw (
            (fresh && refusalOfUnusable(fresh)) ??
            new Refusal('conflict', chatMessages.invitationUsed)
          );
        }
        return opened;
      }
      assertMeetsRule(user, channel.channel_access_rule);
      await groups.addMember(channel.id, user.id, deps.clock.now());
      return opened;
    },

    /** POST /channel/chat/{channel_id}/rename (admin). */
    async rename(channelId: number, description: string, viewer: Viewer): Promise<Channel> {
      const group = await byId(channelId, viewer);
      assertManager(group);
      await groups.rename(channelId, description);
      return presentChannel({ ...group.channel, description });
    },

    /** POST /channel/chat/{channel_id}/invitationrevoke: the admin, or the member who sent it. */
    async revokeInvitation(channelId: number, invitationId: number, viewer: Viewer) {
      const group = await byId(channelId, viewer);
      const row = await groups.invitationById(invitationId);
      if (!row || row.channel_id !== channelId) throw notFound(chatMessages.invitationNotFound);
      if (row.inviter_user_id !== viewer.userId) assertManager(group);
      if (invitationStatus(row, deps.clock.now()) !== 'pending') {
        throw new Refusal('conflict', chatMessages.invitationNotPending);
      }
      await groups.revokeInvitation(invitationId, deps.clock.now());
      const revoked = await groups.invitationById(invitationId);
      return presentInvitation(revoked ?? row);
    },

    /** POST /channel/chat/{channel_id}/memberremove (admin): another member leaves the group. */
    async removeMember(channelId: number, userId: number, viewer: Viewer) {
      const group = await byId(channelId, viewer);
      assertManager(group);
      if (userId === viewer.userId) {
        throw invalid(chatMessages.cannotRemoveYourself, {
          user_id: chatMessages.cannotRemoveYourself,
        });
      }
      if (!(await groups.leave(channelId, userId))) throw notFound(chatMessages.memberNotFound);
      return { user_id: userId };
    },

    /** POST /channel/chat/{channel_id}/linkrenew and /linkrevoke (admin). */
    async setLink(channelId: number, renew: boolean, viewer: Viewer) {
      const group = await byId(channelId, viewer);
      assertManager(group);
      const token = renew ? newCode() : null;
      await groups.setLinkToken(channelId, token);
      return { channel_invitation_code: token };
    },

    /** POST /channel/chat/{channel_id}/leave (any member). */
    async leave(channelId: number, viewer: Viewer) {
      const group = await byId(channelId, viewer);
      if (group.role === null || !(await groups.leave(channelId, viewer.userId))) {
        throw new Refusal('conflict', chatMessages.notMember);
      }
      return { channel_id: channelId };
    },

    /** GET /user/usersinsamechatgroups/phone. */
    async peopleInSameGroups(viewer: Viewer): Promise<SameGroupPerson[]> {
      if (viewer.isAnonymous) throw mustBeSignedIn();
      const rows = await groups.peopleInSameGroups(viewer.userId, ACCESS_RULE_PHONE);
      return rows.map((row) => ({
        user_id: row.user_id,
        username: row.username,
        displayname: row.displayname || row.username,
        phone_number:
          Number(row.shares_phone_group) === 1 && row.phone_confirmed_at !== null
            ? row.phone_number
            : null,
        avatar_version: row.avatar_version,
        shared_groups: Number(row.shared_groups),
      }));
    },
  };
}
