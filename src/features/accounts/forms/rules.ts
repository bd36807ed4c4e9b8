import { authMessages } from '../../../api/contract/auth.ts';
import { signUpUsernameProblem } from '../../../api/contract/username-rules.ts';

/**
 * The client-side rules of docs/product/accounts.md "Sign-up" that are not field schemas: the order of the sign-up submit
 * checks and the password-reset form. Pure functions, so tests can throw anything at them.
 */

export const COUNTRY_AND_REGION_REQUIRED = 'country and region required';
export const BROWSER_VALIDITY = 'browser validity';

export interface SignUpSubmitInput {
  captcha: string | null;
  /** The server's availability answer for the current username: false when it refused it. */
  usernameAccepted: boolean;
  /** `form.checkValidity()`: the browser's own constraint checks (e-mail type, lengths). */
  browserValid: boolean;
  language: string | null;
  values: {
    username: string;
    email: string;
    password: string;
    usercountrycode: string;
    userregionname: string;
    terms: boolean;
  };
}

export type SignUpSubmitProblem =
  | typeof authMessages.captchaRequired
  | typeof authMessages.usernameInvalid
  | typeof BROWSER_VALIDITY
  | typeof COUNTRY_AND_REGION_REQUIRED
  | typeof authMessages.languageMissing
  | typeof authMessages.fillAllFields;

/**
 * What the sign-up submit checks, in this order (docs/product/accounts.md "Sign-up"): the first
 * check that fails, or null.
 */
export function signUpSubmitProblem(input: SignUpSubmitInput): SignUpSubmitProblem | null {
  const values = {
    username: input.values.username.trim(),
    email: input.values.email.trim(),
    password: input.values.password.trim(),
    usercountrycode: input.values.usercountrycode.trim(),
    userregionname: input.values.userregionname.trim(),
  };
  if (!input.captcha) return authMessages.captchaRequired;
  if (signUpUsernameProblem(values.username) !== null || !input.usernameAccepted) {
    return authMessages.usernameInvalid;
  }
  if (!input.browserValid) return BROWSER_VALIDITY;
  if (!values.usercountrycode || !values.userregionname) return COUNTRY_AND_REGION_REQUIRED;
  if (!input.language) return authMessages.languageMissing;
  if (Object.values(values).some((value) => value === '') || !input.values.terms) {
    return authMessages.fillAllFields;
  }
  return null;
}

/**
 * Password reset (docs/product/accounts.md "Password reset"): both fields required (trimmed), then
 * equal.
 */
export function resetPasswordProblem(
  password: string,
  confirmPassword: string,
): typeof authMessages.fillAllFields | typeof authMessages.passwordsDoNotMatch | null {
  const first = password.trim();
  const second = confirmPassword.trim();
  if (!first || !second) return authMessages.fillAllFields;
  if (first !== second) return authMessages.passwordsDoNotMatch;
  return null;
}

/** Reset request (docs/product/accounts.md "Password reset"): the e-mail is required (trimmed). */
export function requestResetProblem(email: string): typeof authMessages.requiredField | null {
  return email.trim() ? null : authMessages.requiredField;
}

/** docs/product/accounts.md "The guest account": the guest's password is random, 8 characters. */
export function randomGuestPassword(random: (max: number) => number = cryptoRandom): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 8 }, () => alphabet[random(alphabet.length)]).join('');
}

function cryptoRandom(max: number): number {
  const values = new Uint32Array(1);
  crypto.getRandomValues(values);
  return values[0]! % max;
}

/** A stored back-to URL is followed only when it is a path of this site (no open redirect). */
export function safeBackToUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // Going back to an account screen after signing in would be a loop.
  if (/^\/(signin|signout|signup|resetpassword)(\/|\?|$)/.test(value)) return null;
  return value;
}
