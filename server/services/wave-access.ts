import type { ChannelsRepository } from '../db/repositories/channels-repository.ts';
import type { Log } from '../kernel/log.ts';
import type { Viewer } from './session-service.ts';

/**
 * Who may see, list and change waves. One place for the rules the lists, the actions and the
 * media route share.
 */
export interface ChannelFacts {
  id: number;
  channel_name: string;
  is_chatgroup: number;
}

/** The channel named after the product is kept out of every list (docs/product/channels-and-groups.md "The product channel"). */
export function isProductChannel(channelName: string, siteName: string): boolean {
  return channelName.toLowerCase() === siteName.toLowerCase();
}

/**
 * Whether a wave belongs in public lists: published, not in a chat group, not in the product
 * channel. Stored in `waves.listed` whenever one of these changes, so lists filter on an index.
 */
export function isListed(status: string, channel: ChannelFacts, siteName: string): boolean {
  return (
    status === 'published' &&
    channel.is_chatgroup === 0 &&
    !isProductChannel(channel.channel_name, siteName)
  );
}

export function waveAccess(deps: {
  channels: ChannelsRepository;
  adminUsernames: readonly string[];
}) {
  const isAdmin = (viewer: Viewer) =>
    !viewer.isAnonymous &&
    (viewer.isAdmin || deps.adminUsernames.includes(viewer.username.toLowerCase()));

  return {
    isAdmin,

    /** The owner or an admin may edit and delete a wave; never the shared anonymous user. */
    canEdit(viewer: Viewer, wave: { user_id: number }): boolean {
      if (viewer.isAnonymous) return false;
      return wave.user_id === viewer.userId || isAdmin(viewer);
    },

    /**
     * Public channels are open to everyone; a chat group's waves and media only to its members
     * (and admins).
     */
    async canRead(viewer: Viewer, channel: ChannelFacts): Promise<boolean> {
      if (channel.is_chatgroup === 0) return true;
      if (viewer.isAnonymous) return false;
      if (isAdmin(viewer)) return true;
      return deps.channels.isMember(channel.id, viewer.userId);
    },
  };
}

export type WaveAccess = ReturnType<typeof waveAccess>;

/** Who is asking, as the services need it: the viewer and the key their views count under. */
export interface Caller {
  viewer: Viewer;
  viewerKey: string;
  /** The request's logger (its lines name the request id); absent outside a request. */
  log?: Log | undefined;
}
