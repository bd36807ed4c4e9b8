import { apiRequest } from './client.ts';

/**
 * Until when the server refuses this address's views (docs/product/limits.md "Rate limits": a
 * refusal's Retry-After); none is sent before then, since every one would be refused too.
 */
let refusedUntil = 0;

/** POST /wave/logview/{wave_name}: empty body, errors ignored (docs/product/listening.md "Views"). */
export function logView(waveName: string): void {
  if (Date.now() < refusedUntil) return;
  apiRequest(`/wave/logview/${encodeURIComponent(waveName)}`, {
    method: 'POST',
    body: {},
    onResponse: (response) => {
      if (response.status !== 429) return;
      const seconds = Number(response.headers.get('retry-after'));
      refusedUntil = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
    },
  }).catch(() => undefined);
}
