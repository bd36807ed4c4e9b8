/**
 * The two username rule sets (docs/product/accounts.md "Sign-up", docs/product/recording.md "Back path"), as plain functions (zod-free,
 * so any bundle may use them). Each returns the first broken rule's message, or null.
 *
 * - Sign-up (the form's check): 5–30 characters, letters/digits/hyphens, ends with a digit.
 * - Back paths (the server's check): required, 5–21 characters, letters/digits/hyphens, no
 *   leading, trailing or double hyphen; reported with the validation_* keys.
 *
 * The limits disagree (30 against 21) and both are honoured in their place: a new account's
 * name follows the sign-up rules (form and server), a back path the back-path rules. A name of
 * 22 to 30 characters is a valid account whose page is not accepted as a back path
 * (docs/product/accounts.md "Sign-up").
 */
export const SIGNUP_USERNAME_MIN = 5;
export const SIGNUP_USERNAME_MAX = 30;
export const BACKPATH_USERNAME_MIN = 5;
export const BACKPATH_USERNAME_MAX = 21;

export const signUpUsernameMessages = {
  tooShort: `minimum length is ${SIGNUP_USERNAME_MIN}`,
  tooLong: `maximum length is ${SIGNUP_USERNAME_MAX}`,
  invalidCharacters: 'username contains invalid characters',
  mustEndWithNumber: 'username must end with a number',
} as const;

export const backPathUsernameKeys = {
  required: 'validation_UsernameIsRequired',
  tooShort: 'validation_MinimumLengthIs',
  tooLong: 'validation_MaximumLengthIs',
  leadingHyphen: 'validation_CannotStartWithAHyphen',
  trailingHyphen: 'validation_CannotEndWithAHyphen',
  disallowedCharacters: 'validation_DisallowedCharacters',
  doubleHyphen: 'validation_CannotHaveMoreThanOneHyphenInARow',
} as const;

export type SignUpUsernameMessage =
  (typeof signUpUsernameMessages)[keyof typeof signUpUsernameMessages];
export type BackPathUsernameKey = (typeof backPathUsernameKeys)[keyof typeof backPathUsernameKeys];

const ALLOWED = /^[A-Za-z0-9-]*$/;

export function signUpUsernameProblem(username: string): SignUpUsernameMessage | null {
  if (username.length < SIGNUP_USERNAME_MIN) return signUpUsernameMessages.tooShort;
  if (username.length > SIGNUP_USERNAME_MAX) return signUpUsernameMessages.tooLong;
  if (!ALLOWED.test(username)) return signUpUsernameMessages.invalidCharacters;
  if (!/[0-9]$/.test(username)) return signUpUsernameMessages.mustEndWithNumber;
  return null;
}

export function backPathUsernameProblem(username: string): BackPathUsernameKey | null {
  if (username.length === 0) return backPathUsernameKeys.required;
  if (username.length < BACKPATH_USERNAME_MIN) return backPathUsernameKeys.tooShort;
  if (username.length > BACKPATH_USERNAME_MAX) return backPathUsernameKeys.tooLong;
  if (username.startsWith('-')) return backPathUsernameKeys.leadingHyphen;
  if (username.endsWith('-')) return backPathUsernameKeys.trailingHyphen;
  if (!ALLOWED.test(username)) return backPathUsernameKeys.disallowedCharacters;
  if (username.includes('--')) return backPathUsernameKeys.doubleHyphen;
  return null;
}

/** What the server requires of a new username: the sign-up rules. */
export function newUsernameProblem(username: string): string | null {
  return signUpUsernameProblem(username);
}
