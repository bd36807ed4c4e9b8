import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Viewer } from './session-service.ts';

/** How long a browser keeps the device id we issue it (docs/product/listening.md "Views"). */
export const DEVICE_ID_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Who a view counts for (docs/product/listening.md "Views"): a signed-in viewer by account
 * (`u:<id>`); a browser that holds the device id we issued it by that id (`d:<id>`); anyone
 * else by a keyed hash of their address alone (`n:<hash>`), so a client that changes its user
 * agent or drops its cookies is still one viewer. Keys never reveal an address.
 */
export function viewerKeys(secret: Uint8Array) {
  const keyed = (label: string, text: string) =>
    createHmac('sha256', secret).update(`${label}\n${text}`).digest('base64url').slice(0, 22);
  /** Recent address → key (the keyed hash costs more than a lookup). */
  const addressKeys = new Map<string, string>();

  const addressKey = (ip: string) => {
    let key = addressKeys.get(ip);
    if (key === undefined) {
      key = `n:${keyed('view-address', ip)}`;
      if (addressKeys.size >= 10_000) addressKeys.clear();
      addressKeys.set(ip, key);
    }
    return key;
  };

  /** The id in a device cookie we signed, or null (absent, forged, malformed). */
  const deviceOf = (cookie: string | undefined): string | null => {
    if (!cookie) return null;
    const [id, signature, extra] = cookie.split('.');
    if (!id || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{16}$/.test(id)) return null;
    const expected = Buffer.from(keyed('device', id));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  };

  return {
    /** The key a caller's views count under. */
    keyOf(viewer: Viewer, ip: string, deviceCookie: string | undefined): string {
      if (!viewer.isAnonymous) return `u:${viewer.userId}`;
      const device = deviceOf(deviceCookie);
      return device ? `d:${device}` : addressKey(ip);
    },

    /** A device id for a guest browser without one: the cookie's value and its viewer key. */
    issueDevice(viewer: Viewer, deviceCookie: string | undefined) {
      if (!viewer.isAnonymous || deviceOf(deviceCookie)) return null;
      const id = randomBytes(12).toString('base64url');
      return { cookie: `${id}.${keyed('device', id)}`, key: `d:${id}` };
    },
  };
}
