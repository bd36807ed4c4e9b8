// Lingui's one instance, which src/lib/i18n.ts configures; imported from there it would close
// a cycle (i18n.ts loads server-messages-app.ts, which registers here).
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The server speaks in English texts (docs/product/api.md "Message texts"); the client translates them at the
 * edge. Texts the first screens can show live here (they ship with the initial bundle); the
 * texts of every other screen live in server-messages-app.ts, which loads with the full catalog
 * before those screens render (src/lib/i18n.ts).
 */
const catalog: Record<string, MessageDescriptor> = {
  ok: msg`OK`,
  'not found': msg`Not found`,
  'please check the highlighted fields': msg`Please check the highlighted fields.`,
  'internal server error': msg`Something went wrong on our side. Please try again.`,
  'too many requests, please try again later': msg`Too many requests. Please wait a moment and try again.`,
  'must be signed in': msg`You must be signed in to do this.`,
  unauthorized: msg`You are not authorised to do this.`,
  forbidden: msg`This is not allowed.`,
  'this field is required': msg`This field is required.`,
  'unknown error': msg`Unknown error`,
  'Failed to parse JSON response': msg`Failed to parse JSON response`,
  // Lists and likes (docs/product/api.md "Message texts").
  'Wave not found': msg`Wave not found`,
  'channel not found': msg`Channel not found`,
};

export function registerServerMessages(entries: Record<string, MessageDescriptor>) {
  Object.assign(catalog, entries);
}

/** The current language's text for a server message; unknown texts pass through unchanged. */
export function translateServerMessage(message: string): string {
  const exact = catalog[message];
  if (exact) return i18n._(exact);
  const status = /^Error response from server: (\d+)$/.exec(message)?.[1];
  if (status) return i18n._(msg`Error response from server: ${status}`);
  return message;
}

/**
 * What to tell the user when a request failed: offline is said plainly (issue: actions that need
 * the network say so instead of failing silently); anything else is the server's text.
 */
export function requestFailureText(error: unknown): string {
  if (error instanceof TypeError) return i18n._(msg`You are offline. This needs a connection.`);
  return translateServerMessage(error instanceof Error ? error.message : String(error));
}
