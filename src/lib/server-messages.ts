import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from './i18n.ts';

/**
 * The server speaks in the spec's English texts (and ours); the client translates them at the
 * edge. Add each new server text here once, with its German translation in the catalog.
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
  // Waves and channels (content §8).
  'Title is required.': msg`Title is required.`,
  'Title must be at least 3 characters.': msg`Title must be at least 3 characters.`,
  'Title must be at most 55 characters.': msg`Title must be at most 55 characters.`,
  'Type delete to confirm.': msg`Type delete to confirm.`,
  'Wave not found': msg`Wave not found`,
  'Channel name is required.': msg`Channel name is required.`,
  'Channel name must be at most 20 characters.': msg`Channel name must be at most 20 characters.`,
  'Channel name may contain only letters, digits, hyphens and underscores.': msg`Channel name may contain only letters, digits, hyphens and underscores.`,
  'This channel name is already taken.': msg`This channel name is already taken.`,
  'This channel name is reserved.': msg`This channel name is reserved.`,
  'Description must be at most 80 characters.': msg`Description must be at most 80 characters.`,
  'Language code is required.': msg`Language code is required.`,
  'invalid language_code_ui': msg`invalid language_code_ui`,
  'Creating channels needs more reputation. Ask an administrator.': msg`Creating channels needs more reputation. Ask an administrator.`,
  'channel not found': msg`Channel not found`,
  // Recording and upload (content §8).
  'captcha required!': msg`captcha required!`,
  'Unable to determine the audio duration. Please try a different file.': msg`Unable to determine the audio duration. Please try a different file.`,
  'Unable to load the audio metadata. Please try a different file.': msg`Unable to load the audio metadata. Please try a different file.`,
  'Error uploading file': msg`Error uploading file`,
  'The file is too large: the maximum is 100 MB.': msg`The file is too large: the maximum is 100 MB.`,
  'The recording is too long: the maximum is 70 minutes.': msg`The recording is too long: the maximum is 70 minutes.`,
  'Recordings without an account can be at most 10 minutes long.': msg`Recordings without an account can be at most 10 minutes long.`,
  'Upload is already in progress. Please wait.': msg`Upload is already in progress. Please wait.`,
  'Missing wave ID to reply to': msg`Missing wave ID to reply to`,
  'Missing channel ID': msg`Missing channel ID`,
  'selected language is not valid': msg`selected language is not valid`,
  CANNOT_REPLY_TO_REPLY: msg`You cannot reply to a reply. Reply to the first wave of the thread instead.`,
  'The wave you reply to does not exist.': msg`The wave you reply to does not exist.`,
  'You cannot post in this channel.': msg`You cannot post in this channel.`,
  'This file is not a supported audio file.': msg`This file is not a supported audio file.`,
  'The file is empty.': msg`The file is empty.`,
  'The audio file is damaged or incomplete.': msg`The audio file is damaged or incomplete.`,
  'This upload belongs to someone else.': msg`This upload belongs to someone else.`,
  'The audio of this wave was already uploaded.': msg`The audio of this wave was already uploaded.`,
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
