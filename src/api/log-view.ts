import { apiRequest } from './client.ts';

/** POST /wave/logview/{wave_name}: empty body, errors ignored (docs/product/listening.md "Views"). */
export function logView(waveName: string): void {
  apiRequest(`/wave/logview/${encodeURIComponent(waveName)}`, { method: 'POST', body: {} }).catch(
    () => undefined,
  );
}
