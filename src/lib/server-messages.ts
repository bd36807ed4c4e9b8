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
  // Accounts (spec §5, §8) and the captcha.
  'required field': msg`Required field`,
  'please fill out all fields': msg`Please fill out all fields.`,
  'invalid email address': msg`Invalid e-mail address.`,
  'password is too short': msg`Password is too short (at least 8 characters).`,
  'password is too long': msg`Password is too long (at most 128 characters).`,
  'passwords do not match': msg`Passwords do not match.`,
  'username not available': msg`Username not available.`,
  'username available': msg`Username available.`,
  'username invalid': msg`Username invalid.`,
  'user with that email already exists': msg`A user with that e-mail address already exists.`,
  'Invalid credentials': msg`Invalid credentials`,
  'email address not confirmed': msg`Your e-mail address is not confirmed yet. Use the link in the e-mail we sent you, or ask for a new link here.`,
  'signed in': msg`Signed in.`,
  'signed out': msg`Signed out.`,
  'account created, please check your e-mail to confirm your address': msg`Account created. Please check your e-mail to confirm your address.`,
  'the account was created, but the confirmation e-mail could not be sent, please contact support': msg`The account was created, but the confirmation e-mail could not be sent. Please contact support.`,
  'email address confirmed': msg`E-mail address confirmed.`,
  'this link is invalid or has expired': msg`This link is invalid or has expired. Ask for a new one.`,
  'if an account exists for this address, we sent it a link to reset the password': msg`If an account exists for this address, we sent it a link to reset the password.`,
  'password changed': msg`Password changed.`,
  'please choose a country from the list': msg`Please choose a country from the list.`,
  'please choose a region from the list': msg`Please choose a region from the list.`,
  'language_code_ui is missing!': msg`language_code_ui is missing!`,
  'Language must be en or de': msg`Language must be en or de.`,
  'captcha required': msg`Please complete the verification (captcha required).`,
  'captcha verification failed, please try again': msg`The verification failed. Please verify again.`,
  'minimum length is 5': msg`Minimum length is 5.`,
  'maximum length is 30': msg`Maximum length is 30.`,
  'username contains invalid characters': msg`Username contains invalid characters (only letters, digits and hyphens).`,
  'username must end with a number': msg`Username must end with a number.`,
  validation_UsernameIsRequired: msg`Username is required.`,
  validation_MinimumLengthIs: msg`Minimum length is 5.`,
  validation_MaximumLengthIs: msg`Maximum length is 21.`,
  validation_CannotStartWithAHyphen: msg`Cannot start with a hyphen.`,
  validation_CannotEndWithAHyphen: msg`Cannot end with a hyphen.`,
  validation_DisallowedCharacters: msg`Disallowed characters (only letters, digits and hyphens).`,
  validation_CannotHaveMoreThanOneHyphenInARow: msg`Cannot have more than one hyphen in a row.`,
  // Profiles, people and follow
  'Display name must be at most 50 characters.': msg`Display name must be at most 50 characters.`,
  'About must be at most 160 characters.': msg`About must be at most 160 characters.`,
  'Please choose a country.': msg`Please choose a country.`,
  'Please choose a region.': msg`Please choose a region.`,
  'must be TRUE or FALSE': msg`Must be TRUE or FALSE.`,
  'Images must be WebP, GIF, JPEG, PNG or BMP files.': msg`Images must be WebP, GIF, JPEG, PNG or BMP files.`,
  'The image must be at most 10 MB.': msg`The image must be at most 10 MB.`,
  'The image is too large: at most 10000 pixels on a side and 40 megapixels.': msg`The image is too large: at most 10000 pixels on a side and 40 megapixels.`,
  'The image must be at least 16 pixels wide and high.': msg`The image must be at least 16 pixels wide and high.`,
  'The image could not be read. It may be damaged.': msg`The image could not be read. It may be damaged.`,
  'This kind of BMP file is not supported. Please use PNG or JPEG.': msg`This kind of BMP file is not supported. Please use PNG or JPEG.`,
  'Please choose an image.': msg`Please choose an image.`,
  'user not found': msg`User not found`,
  'invalid form data': msg`The form data could not be read. Please try again.`,
  'team not found': msg`Team not found`,
  'You cannot follow yourself.': msg`You cannot follow yourself.`,
  'Error: unexpected result determining if subscribed.': msg`Error: unexpected result determining if subscribed.`,
  // Phone verification
  'invalid SMS code': msg`Invalid SMS code: please enter exactly six digits.`,
  'Invalid phone number. Please enter a valid phone number.': msg`Invalid phone number. Please enter a valid phone number.`,
  'Phone input must be at most 250 characters.': msg`Phone input must be at most 250 characters.`,
  'The phone number is too short.': msg`The phone number is too short.`,
  'The phone number is too long.': msg`The phone number is too long.`,
  'The extension must be at most 20 digits.': msg`The extension must be at most 20 digits.`,
  'We sent you a code by SMS.': msg`We sent you a code by SMS.`,
  'This code is not correct.': msg`This code is not correct.`,
  'This code has expired. Please ask for a new one.': msg`This code has expired. Please ask for a new one.`,
  'Too many wrong codes. Please ask for a new one.': msg`Too many wrong codes. Please ask for a new one.`,
  'Please ask for a code first.': msg`Please ask for a code first.`,
  'Your phone number is confirmed.': msg`Your phone number is confirmed.`,
  'The SMS could not be sent. Please try again later.': msg`The SMS could not be sent. Please try again later.`,
  // Invitations
  'Name is required.': msg`Name is required.`,
  'The name must be at most 80 characters.': msg`The name must be at most 80 characters.`,
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
