import type { Channel, NewChannelFormOutput } from '../../src/api/contract/channel.ts';
import { PUBLIC_ACCESS_RULE, channelMessages } from '../../src/api/contract/constants.ts';
import type { Db } from '../db/database.ts';
import { channelsRepository, type ChannelRow } from '../db/repositories/channels-repository.ts';
import { usersRepository } from '../db/repositories/users-repository.ts';
import { wavesRepository } from '../db/repositories/waves-repository.ts';
import { forbidden, invalid, mustBeSignedIn, notFound, Refusal } from '../kernel/refusal.ts';
import type { Clock } from '../kernel/clock.ts';
import { isProductChannel, type Caller, type WaveAccess } from './wave-access.ts';
import { presentChannel } from './wave-presenter.ts';

/** Channels (docs/product/channels-and-groups.md "Channels"). */
export function channelService(deps: {
  db: Db;
  access: WaveAccess;
  clock: Clock;
  siteName: string;
  adminUsernames: readonly string[];
}) {
  const channels = channelsRepository(deps.db.kysely);
  const waves = wavesRepository(deps.db.kysely, deps.db.dialect);
  const users = usersRepository(deps.db.kysely);

  async function readable(channel: ChannelRow | undefined, caller: Caller): Promise<Channel> {
    if (!channel || !(await deps.access.canRead(caller.viewer, channel))) {
      throw notFound(channelMessages.channelNotFound);
    }
    return presentChannel(channel);
  }

  const publicList = async (language: string) =>
    (await channels.publicByLanguage(language)).filter(
      (channel) => !isProductChannel(channel.channel_name, deps.siteName),
    );

  return {
    async byName(name: string, caller: Caller) {
      return readable(await channels.findByName(name), caller);
    },

    async byId(id: number, caller: Caller) {
      return readable(await channels.findById(id), caller);
    },

    /** Public channels of a language, most recently updated first. */
    async listByLanguage(language: string): Promise<Channel[]> {
      return (await publicList(language)).map(presentChannel);
    },

    /** The same channels, the ones the caller posted to most recently first (recorder picker). */
    async listByUserMostRecent(language: string, caller: Caller): Promise<Channel[]> {
      const list = await publicList(language);
      if (caller.viewer.isAnonymous) return list.map(presentChannel);
      const recent = await waves.recentChannelIdsOfUser(caller.viewer.userId);
      const rank = new Map(recent.map((id, index) => [id, index]));
      const ranked = list
        .filter((channel) => rank.has(channel.id))
        .sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
      const rest = list.filter((channel) => !rank.has(channel.id));
      return [...ranked, ...rest].map(presentChannel);
    },

    /**
     * A public channel. Allowed with the permission flag, as an admin, or for a username in
     * ADMIN_USERNAMES; the form's text says reputation is needed.
     */
    async create(body: NewChannelFormOutput, caller: Caller) {
      if (caller.viewer.isAnonymous) throw mustBeSignedIn();
      const user = await users.findById(caller.viewer.userId);
      const allowed =
        user !== undefined &&
        (user.can_create_channels === 1 ||
          user.is_admin === 1 ||
          deps.adminUsernames.includes(user.username_lower));
      if (!allowed) throw forbidden(channelMessages.notAllowed);

      const name = body.channel_name;
      if (isProductChannel(name, deps.siteName)) {
        throw invalid(channelMessages.nameReserved, {
          channel_name: channelMessages.nameReserved,
        });
      }
      const taken = () =>
        new Refusal('conflict', channelMessages.nameTaken, {
          fields: { channel_name: channelMessages.nameTaken },
        });
      if (await channels.findByName(name)) throw taken();
      try {
        const id = await channels.insert({
          channel_name: name,
          channel_name_lower: name.toLowerCase(),
          description: body.description,
          language_code_ui: body.language_code_ui,
          channel_access_rule: PUBLIC_ACCESS_RULE,
          created_by_user_id: caller.viewer.userId,
          created_at: deps.clock.now(),
        });
        return { channel_id: id, channel_name: name };
      } catch (error) {
        // Two creations of the same name at once: the unique index decides.
        if (await channels.findByName(name)) throw taken();
        throw error;
      }
    },
  };
}
