/**
 * Plain constants of the contract. Zod-free on purpose: client screens import these, and zod
 * would cost them ~20 KB brotli (the initial bundle's budget is 115 KB). The first screen imports only
 * languages.ts.
 */
export type { LanguageCode } from './languages.ts';

/** The shared guest account (docs/product/accounts.md "The guest account"). */
export const GUEST_EMAIL = 'anonymous@waves.invalid';
export const ANONYMOUS_USERNAME = 'anonymous';

/** `channel_access_rule` of a public channel: everyone reads and posts (chat groups have others). */
export const PUBLIC_ACCESS_RULE = 'PUBLIC';

/** Listening (docs/product/limits.md "Waves and channels"): wave titles, channel fields and list pages. */
export const WAVE_TITLE_MIN = 3;
export const WAVE_TITLE_MAX = 55;
export const CHANNEL_NAME_MAX = 20;
export const CHANNEL_DESCRIPTION_MAX = 80;
/** Wave lists: `?after=<last item's cursor>&limit=<n>`; a page shorter than the limit is the end. */
export const WAVE_LIST_DEFAULT_LIMIT = 30;
export const WAVE_LIST_MAX_LIMIT = 100;
/** The wave-edit texts (docs/product/recording.md "Editing a wave"); the minimum message states the real bound. */
export const waveMessages = {
  titleRequired: 'Title is required.',
  titleTooShort: 'Title must be at least 3 characters.',
  titleTooLong: 'Title must be at most 55 characters.',
  confirmDelete: 'Type delete to confirm.',
  waveNotFound: 'Wave not found',
  sponsorNameRequired: 'Sponsor name is required.',
  sponsorNameTooLong: 'The sponsor name must be at most 40 characters.',
  sponsorAdminOnly: 'Only site admins can mark waves as sponsored.',
} as const;
/** Sponsored waves (docs/product/listening.md "Sponsored waves"). */
export const SPONSOR_NAME_MAX = 40;
/** The channel texts (docs/product/channels-and-groups.md "Creating a channel"). */
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

/**
 * Chat groups (docs/product/channels-and-groups.md "Chat groups"). The access rule says who may
 * join: members with a confirmed phone (the default), with a confirmed e-mail address, or
 * anyone signed in who has the link.
 */
export const ACCESS_RULE_PHONE = 'CHANNEL_MEMBERS_PHONE_VERIFIED';
export const ACCESS_RULE_EMAIL = 'CHANNEL_MEMBERS_EMAIL_VERIFIED';
export const ACCESS_RULE_ANY = 'ANY_WAVES_USER';
export const GROUP_ACCESS_RULES = [ACCESS_RULE_PHONE, ACCESS_RULE_EMAIL, ACCESS_RULE_ANY] as const;
export type GroupAccessRule = (typeof GROUP_ACCESS_RULES)[number];
export const DEFAULT_GROUP_ACCESS_RULE: GroupAccessRule = ACCESS_RULE_PHONE;
/** The group's name is stored as the channel's description. */
export const GROUP_NAME_MAX = 80;
export const INVITATION_NAME_MAX = 80;
export const INVITATION_EMAIL_MAX = 254;
/** A named invitation's code works this long (docs/product/channels-and-groups.md "Invitations"). */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Member roles: the creator is the group's admin. */
export const GROUP_ROLES = ['admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** pending until accepted; revoked by the group's admin; expired after INVITATION_TTL_MS. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/**
 * The chat-group texts: docs/product/channels-and-groups.md "Invitations" and docs/product/api.md
 * "Message texts" (en; de in the client).
 */
export const chatMessages = {
  channelIdRequired: 'Channel ID is required.',
  phoneRequired: 'Phone number is required for this chat group.',
  phoneInvalid: 'Invalid phone number. Please enter a valid phone number.',
  emailRequired: 'Email address is required for this chat group.',
  emailInvalid: 'Please enter a valid e-mail address.',
  emailTooLong: 'The e-mail address must be at most 254 characters.',
  inviteeNameRequired: 'Name is required.',
  inviteeNameTooLong: 'The name must be at most 80 characters.',
  groupNameRequired: 'Group name is required.',
  groupNameTooLong: 'Group name must be at most 80 characters.',
  channelNameRequired: 'Channel name is required.',
  languageRequired: 'Language code is required.',
  invalidAccessRule: 'Invalid access rule',
  phoneNeededToCreate: 'You must have a verified phone number to create a phone group.',
  /**
   * Client-side prefixes (docs/product/api.md "Message texts"): "Failed to create invitation:
   * {message}" and so on.
   */
  failedToCreateInvitation: 'Failed to create invitation: {message}',
  failedToCreateChannel: 'Failed to create channel: {message}',
  failedToCreateGroup: 'Failed to create group: {message}',
  /** A group a caller may not see answers exactly like one that does not exist. */
  groupNotFound: 'channel not found',
  onlyAdmin: "Only the group's admin can do this.",
  notMember: 'You are not a member of this group.',
  memberNotFound: 'This person is not a member of this group.',
  cannotRemoveYourself: 'To leave the group, use Leave.',
  invitationNotFound: 'This invitation does not exist.',
  invitationExpired: 'This invitation has expired. Please ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn.',
  invitationNotPending: 'This invitation is no longer pending.',
  invitationForSomeoneElse: 'This invitation is for someone else.',
  invitationSendFailed: 'The invitation could not be sent. Please try again later.',
  phoneNeededToJoin: 'You need a confirmed phone number to join this group.',
  emailNeededToJoin: 'You need a confirmed e-mail address to join this group.',
  alreadyMember: 'This person is already a member of this group.',
} as const;

/**
 * Profiles (docs/product/accounts.md "Profile settings", docs/product/limits.md "Profiles"): field
 * limits, image rules and their texts.
 */
export const DISPLAYNAME_MAX = 50;
export const ABOUT_MAX = 160;
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Accepted by content, never by name or Content-Type (docs/product/accounts.md "Profile images").
 */
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

/** Follow = a subscription to the user's home team (docs/product/listening.md "Follow"). */
export const followMessages = {
  teamNotFound: 'team not found',
  cannotFollowYourself: 'You cannot follow yourself.',
  /**
   * Shown by the client when issubscribed is not a boolean (docs/product/api.md "Message texts").
   */
  unexpectedSubscribed: 'Error: unexpected result determining if subscribed.',
} as const;

/**
 * Phone verification (docs/product/accounts.md "Phone verification", docs/product/limits.md
 * "Phone").
 */
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

/** POST /invitesomeone (docs/product/accounts.md "Invite someone"). */
export const INVITEE_NAME_MAX = 80;
export const inviteMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: 'The name must be at most 80 characters.',
} as const;

/**
 * The treasure hunt: products sold by a falling-price auction (docs/product/marketplace.md).
 * Money travels as numbers of the currency's major unit with at most two decimals (55.5 is
 * A$55.50); the server keeps whole cents.
 */
export const PRODUCT_CURRENCIES = ['AUD', 'EUR', 'USD', 'GBP', 'NZD', 'CHF'] as const;
export type ProductCurrency = (typeof PRODUCT_CURRENCIES)[number];
export const PRODUCT_DEFAULT_CURRENCY: ProductCurrency = 'AUD';
export const PRODUCT_CATEGORIES = [
  'antiques',
  'art',
  'books',
  'clothing',
  'electronics',
  'garden',
  'home',
  'music',
  'sports',
  'toys',
  'vehicles',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_HEADLINE_MIN = 3;
export const PRODUCT_HEADLINE_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_LOCATION_MAX = 80;
export const PRODUCT_IMAGE_COUNT = 3;
/** Prices: at least one cent, at most a million of the currency. */
export const PRODUCT_PRICE_MIN = 0.01;
export const PRODUCT_PRICE_MAX = 1_000_000;
/** The price steps down at most every 10 seconds (the page polls every 5) and at least weekly. */
export const PRODUCT_STEP_SECONDS_MIN = 10;
export const PRODUCT_STEP_SECONDS_MAX = 7 * 24 * 60 * 60;
/** The price reaches its floor within a year: an auction that would take longer is refused. */
export const PRODUCT_FALL_MAX_SECONDS = 365 * 24 * 60 * 60;
/** The product page asks for the price this often until it is at its bottom. */
export const PRICE_POLL_MS = 5000;
export const PRODUCT_LIST_DEFAULT_LIMIT = 30;
export const PRODUCT_LIST_MAX_LIMIT = 100;
/** What the buy form offers before the first price arrives (the original form's sample price). */
export const BUY_FORM_DEFAULT_PRICE = 55;
export const treasureHuntMessages = {
  productNotFound: 'product not found',
  productIdRequired: 'product_id is required',
  headlineRequired: 'Headline is required.',
  headlineTooShort: 'The headline must be at least 3 characters.',
  headlineTooLong: 'The headline must be at most 80 characters.',
  descriptionTooLong: 'The description must be at most 2000 characters.',
  locationRequired: 'Location is required.',
  locationTooLong: 'The location must be at most 80 characters.',
  categoryInvalid: 'Please choose a category from the list.',
  currencyInvalid: 'Please choose a currency from the list.',
  priceInvalid: 'Please enter a price, e.g. 55 or 55.50.',
  priceTooLow: 'The price must be at least 0.01.',
  priceTooHigh: 'The price must be at most 1,000,000.',
  priceDecimals: 'A price has at most two decimals.',
  floorAboveStart: 'The floor price must not be above the start price.',
  stepInvalid: 'Please enter by how much the price falls at each step.',
  stepTooLarge: 'The step must not be larger than the start price minus the floor price.',
  stepSecondsInvalid: 'The price falls every 10 seconds at the most and every 7 days at the least.',
  fallTooLong:
    'The price must reach the floor price within a year: choose a larger step or a shorter interval.',
  imagesRequired: 'Please choose three images.',
  userIdMismatch: 'user_id must be your own user id.',
  cannotBuyOwn: 'You cannot buy your own product.',
  alreadySold: 'This product has already been sold.',
  withdrawn: 'This product is no longer for sale.',
  priceBelowCurrent: 'Your price is below the current price.',
  purchased: 'Product purchased successfully',
  listed: 'Your product is listed.',
  withdrawnOk: 'The product was withdrawn.',
  onlySellerWithdraws: 'Only the seller can withdraw this product.',
} as const;
