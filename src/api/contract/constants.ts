/**
 * Plain constants of the contract. Zod-free on purpose: the client's initial bundle imports
 * these, and zod would cost it ~20 KB brotli (DESIGN.md budget: 115 KB).
 */
export const supportedLanguages = ['en', 'de'] as const;
export type LanguageCode = (typeof supportedLanguages)[number];

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** The shared guest account (spec/accounts-and-shell.md §9 "Guest e-mail fixed"). */
export const GUEST_EMAIL = 'anonymous@waves.invalid';
export const ANONYMOUS_USERNAME = 'anonymous';

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
