/**
 * Plain constants of the contract. Zod-free on purpose: client screens import these, and zod
 * would cost them ~20 KB brotli (the initial bundle's budget is 115 KB). The first screen imports only
 * languages.ts.
 */
export type { LanguageCode } from './languages.ts';

/** The shared guest account (spec/accounts-and-shell.md §9 "Guest e-mail fixed"). */
export const GUEST_EMAIL = 'anonymous@waves.invalid';
export const ANONYMOUS_USERNAME = 'anonymous';

/** `channel_access_rule` of a public channel: everyone reads and posts (chat groups have others). */
export const PUBLIC_ACCESS_RULE = 'PUBLIC';

/** Listening (spec/content.md §5, §9): wave titles, channel fields and list pages. */
export const WAVE_TITLE_MIN = 3;
export const WAVE_TITLE_MAX = 55;
export const CHANNEL_NAME_MAX = 20;
export const CHANNEL_DESCRIPTION_MAX = 80;
/** Wave lists: `?after=<last item's cursor>&limit=<n>`; a page shorter than the limit is the end. */
export const WAVE_LIST_DEFAULT_LIMIT = 30;
export const WAVE_LIST_MAX_LIMIT = 100;
/** The spec's wave-edit texts (§8 "Wave editing"); the minimum message states the real bound. */
export const waveMessages = {
  titleRequired: 'Title is required.',
  titleTooShort: 'Title must be at least 3 characters.',
  titleTooLong: 'Title must be at most 55 characters.',
  confirmDelete: 'Type delete to confirm.',
  waveNotFound: 'Wave not found',
} as const;
/** The spec's channel texts (§8 "Groups, channels and invitations", "Channels and lists"). */
export const channelMessages = {
  nameRequired: 'Channel name is required.',
  nameTooLong: 'Channel name must be at most 20 characters.',
  nameCharacters: 'Channel name may contain only letters, digits, hyphens and underscores.',
  nameTaken: 'This channel name is already taken.',
  nameReserved: 'This channel name is reserved.',
  descriptionTooLong: 'Description must be at most 80 characters.',
  languageRequired: 'Language code is required.',
  languageInvalid: 'invalid language_code_ui',
  notAllowed: 'Creating channels needs more reputation. Ask an administrator.',
  channelNotFound: 'channel not found',
} as const;

/** Profiles (accounts §5, §9): field limits, image rules and their texts. */
export const DISPLAYNAME_MAX = 50;
export const ABOUT_MAX = 160;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Accepted by content, never by name or Content-Type (accounts §5). */
export const PROFILE_IMAGE_FORMATS = ['webp', 'gif', 'jpeg', 'png', 'bmp'] as const;
export const PRESET_COVER_COUNT = 22;
export const PEOPLE_DEFAULT_LIMIT = 24;
export const PEOPLE_MAX_LIMIT = 60;
export const profileMessages = {
  displaynameTooLong: 'Display name must be at most 50 characters.',
  aboutTooLong: 'About must be at most 160 characters.',
  countryRequired: 'Please choose a country.',
  regionRequired: 'Please choose a region.',
  booleanRequired: 'must be TRUE or FALSE',
  imageType: 'Images must be WebP, GIF, JPEG, PNG or BMP files.',
  imageTooBig: 'The image must be at most 10 MB.',
  imageDimensions: 'The image is too large: at most 10000 pixels on a side and 40 megapixels.',
  imageTooSmall: 'The image must be at least 16 pixels wide and high.',
  imageUnreadable: 'The image could not be read. It may be damaged.',
  imageBmpVariant: 'This kind of BMP file is not supported. Please use PNG or JPEG.',
  imageMissing: 'Please choose an image.',
  userNotFound: 'user not found',
} as const;

/** Follow = a subscription to the user's home team (content §4, §7). */
export const followMessages = {
  teamNotFound: 'team not found',
  cannotFollowYourself: 'You cannot follow yourself.',
  /** Shown by the client when issubscribed is not a boolean (content §8). */
  unexpectedSubscribed: 'Error: unexpected result determining if subscribed.',
} as const;

/** Phone verification (accounts §5, §8, §9). */
export const PHONE_INPUT_MAX = 250;
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
export const PHONE_EXTENSION_MAX_DIGITS = 20;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const PHONE_DEFAULT_COUNTRY = 'US';
export const phoneMessages = {
  invalidSmsCode: 'invalid SMS code',
  invalidPhone: 'Invalid phone number. Please enter a valid phone number.',
  inputTooLong: 'Phone input must be at most 250 characters.',
  tooShort: 'The phone number is too short.',
  tooLong: 'The phone number is too long.',
  extensionTooLong: 'The extension must be at most 20 digits.',
  codeSent: 'We sent you a code by SMS.',
  codeWrong: 'This code is not correct.',
  codeExpired: 'This code has expired. Please ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Please ask for a new one.',
  noCode: 'Please ask for a code first.',
  phoneConfirmed: 'Your phone number is confirmed.',
  sendFailed: 'The SMS could not be sent. Please try again later.',
} as const;

/** POST /invitesomeone (content §2). */
export const INVITEE_NAME_MAX = 80;
export const inviteMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: 'The name must be at most 80 characters.',
} as const;
