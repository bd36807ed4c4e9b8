import { z } from 'zod';
import { languageCodeSchema } from './common.ts';
import { GUEST_EMAIL } from './constants.ts';
import { emptyEnvelopeSchema, envelopeSchema } from './envelope.ts';
import {
  backPathUsernameProblem,
  newUsernameProblem,
  signUpUsernameProblem,
} from './username-rules.ts';

export const isUserAnonymousDataSchema = z.object({
  isAnonymous: z.boolean(),
  user_id: z.number().int(),
});
export const isUserAnonymousReplySchema = envelopeSchema(isUserAnonymousDataSchema);
export type IsUserAnonymousData = z.infer<typeof isUserAnonymousDataSchema>;

/** The account texts the server sends (docs/product/accounts.md) (the client translates them). */
export const authMessages = {
  required: 'this field is required',
  requiredField: 'required field',
  fillAllFields: 'please fill out all fields',
  invalidEmail: 'invalid email address',
  passwordTooShort: 'password is too short',
  passwordTooLong: 'password is too long',
  passwordsDoNotMatch: 'passwords do not match',
  usernameNotAvailable: 'username not available',
  usernameAvailable: 'username available',
  usernameInvalid: 'username invalid',
  emailTaken: 'user with that email already exists',
  invalidCredentials: 'Invalid credentials',
  emailNotConfirmed: 'email address not confirmed',
  signedIn: 'signed in',
  signedOut: 'signed out',
  signedUp: 'account created, please check your e-mail to confirm your address',
  confirmationMailFailed:
    'the account was created, but the confirmation e-mail could not be sent, please contact support',
  emailConfirmed: 'email address confirmed',
  invalidLink: 'this link is invalid or has expired',
  resetMailSent: 'if an account exists for this address, we sent it a link to reset the password',
  passwordChanged: 'password changed',
  invalidCountry: 'please choose a country from the list',
  invalidRegion: 'please choose a region from the list',
  languageMissing: 'language_code_ui is missing!',
  captchaRequired: 'captcha required',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const trimmed = z.string({ error: authMessages.required }).trim();

/** Lower-cased, trimmed e-mail address (browser-style validation; docs/product/accounts.md "Sign-in"). */
export const emailSchema = trimmed
  .min(1, authMessages.required)
  .max(254, authMessages.invalidEmail)
  .pipe(z.email({ error: authMessages.invalidEmail }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = trimmed
  .min(1, authMessages.required)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

/** Sign-up username rules (5–30, letters/digits/hyphens, ends with a digit); trimmed. */
export const signUpUsernameSchema = trimmed.superRefine((value, ctx) => {
  const problem = signUpUsernameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Back-path username rules (5–21, no leading/trailing/double hyphen), as validation_* keys. */
export const backPathUsernameSchema = z
  .string({ error: 'validation_UsernameIsRequired' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = backPathUsernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A username a new account may take: the sign-up rules (the server's check). */
export const newUsernameSchema = trimmed.superRefine((value, ctx) => {
  const problem = newUsernameProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

// POST /auth/signin
/** The guest e-mail skips the checks (docs/product/accounts.md "The guest account"); the server signs it in with any password. */
export const signInRequestSchema = z.object({
  email: trimmed.min(1, authMessages.required).max(254, authMessages.invalidEmail),
  password: trimmed
    .min(1, authMessages.required)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  /** Asked for after failed sign-ins (docs/product/accounts.md "Failed sign-ins"). */
  captcha: z.string().max(4000).optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;
export const signInDataSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** Null for the shared guest: it has no session. */
  json_web_token: z.string().nullable(),
});
export type SignInData = z.infer<typeof signInDataSchema>;
export const signInReplySchema = envelopeSchema(signInDataSchema);

export const isGuestEmail = (email: string) => email.trim().toLowerCase() === GUEST_EMAIL;

/**
 * The sign-in form (docs/product/accounts.md "Sign-in"): e-mail and password required, the e-mail checked like the
 * browser does; every check is skipped for the guest e-mail. Values trimmed.
 */
export const signInFormSchema = z
  .object({ email: z.string().trim(), password: z.string().trim() })
  .superRefine((values, ctx) => {
    if (isGuestEmail(values.email)) return;
    if (!values.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: authMessages.required });
    } else if (!z.email().safeParse(values.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: authMessages.invalidEmail });
    }
    if (!values.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: authMessages.required });
    }
  });
export type SignInFormValues = z.output<typeof signInFormSchema>;

// POST /auth/usernamecheck
export const usernameCheckRequestSchema = z.object({ username: z.string().max(200) });
export const usernameCheckReplySchema = emptyEnvelopeSchema;

// POST /auth/signup
export const signUpRequestSchema = z.object({
  username: newUsernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  captcha: z.string().max(4000).optional(),
  usercountrycode: trimmed.min(1, authMessages.required).max(2, authMessages.invalidCountry),
  userregionname: trimmed.min(1, authMessages.required).max(100, authMessages.invalidRegion),
  language_code_ui: languageCodeSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export const signUpReplySchema = emptyEnvelopeSchema;

/** The sign-up form's own values (the captcha and language come from elsewhere). */
export const signUpFormSchema = z.object({
  username: signUpUsernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  usercountrycode: trimmed.min(1, authMessages.required),
  userregionname: trimmed.min(1, authMessages.required),
  terms: z.boolean(),
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormValues = z.output<typeof signUpFormSchema>;

// POST /auth/confirmemail (ours: the e-mailed link /signin?confirm=… calls it)
export const confirmEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const confirmEmailDataSchema = z.object({ username: z.string() });
export const confirmEmailReplySchema = envelopeSchema(confirmEmailDataSchema);

// POST /auth/requestpasswordresetemail
export const requestPasswordResetRequestSchema = z.object({
  email: z
    .string({ error: authMessages.requiredField })
    .trim()
    .min(1, authMessages.requiredField)
    .max(254, authMessages.invalidEmail),
});
export const requestPasswordResetReplySchema = emptyEnvelopeSchema;

// POST /auth/resetpasswordviaemail
export const resetPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  token: z.string({ error: authMessages.invalidLink }).min(1, authMessages.invalidLink).max(200),
});
export const resetPasswordReplySchema = emptyEnvelopeSchema;

/** The reset form: both fields required and trimmed, equal (docs/product/accounts.md "Password reset"). */
export const resetPasswordFormSchema = z.object({
  password: z.string().trim(),
  confirmPassword: z.string().trim(),
});
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

// GET /auth/signout
export const signOutReplySchema = emptyEnvelopeSchema;
