import { msg } from '@lingui/core/macro';
import { TransportError } from '../../../api/client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';

/**
 * The text of a thrown request error (docs/product/api.md "Transport rules"), translated. A
 * failure of the server itself (5xx) is "Server error" (docs/product/accounts.md "Sign-in").
 */
export function requestErrorText(error: unknown): string {
  if (error instanceof TransportError && error.status >= 500) {
    const status = error.status;
    return i18n._(msg`Server error (${status}). Please try again in a moment.`);
  }
  if (error instanceof TransportError) return translateServerMessage(error.message);
  if (error instanceof TypeError) {
    return i18n._(msg`Could not reach the server. Check your connection and try again.`);
  }
  return i18n._(msg`Unknown error occurred. Please try again.`);
}

/** docs/product/accounts.md "Sign-in": "Request error... plus the message". */
export function requestErrorAlert(message: string): string {
  const text = translateServerMessage(message);
  return i18n._(msg`Request error... ${text}`);
}
