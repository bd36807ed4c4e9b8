import { apiRequest } from '../../../api/client.ts';

/** POST /wave/logview/{wave_name}: empty body, errors ignored (spec content §7). */
export function logView(waveName: string): void {
  apiRequest(`/wave/logview/${encodeURIComponent(waveName)}`, { method: 'POST', body: {} }).catch(
    () => undefined,
  );
}
