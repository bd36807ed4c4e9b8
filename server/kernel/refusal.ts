/**
 * A refusal: what a caller asked for breaks a rule, and the caller is told why. Services,
 * jobs, media checks and providers raise it with the message text the client shows (and
 * translates) and, for forms, the message of each field concerned. It knows no transport:
 * the HTTP edge turns the kind into a status and headers (server/http/error-handler.ts).
 */
export type RefusalKind =
  /** The input breaks a rule (a missing or malformed field, a bad link or code). */
  | 'invalid'
  /** Needs a signed-in account, or the credentials are wrong. */
  | 'unauthenticated'
  /** The caller may not do this (someone else's wave, a channel they cannot post in). */
  | 'forbidden'
  | 'not-found'
  /** Clashes with what exists (a taken name or e-mail address). */
  | 'conflict'
  | 'too-large'
  /** A kind of content we do not take (a file that is not audio). */
  | 'unsupported-media'
  /** Content of the right kind that cannot be used (damaged, too long, no duration). */
  | 'unprocessable'
  /** Too many attempts: try again after `retryAfterSeconds`. */
  | 'rate-limited'
  /** A service we depend on failed for good on this request (the mail server). */
  | 'upstream-failed'
  /** A service we depend on is not available now: try again later (the SMS provider). */
  | 'unavailable';

export interface RefusalDetails {
  /** Messages by form field name, shown beside the fields. */
  fields?: Record<string, string>;
  /** For `rate-limited`: when the caller may try again. */
  retryAfterSeconds?: number;
}

export class Refusal extends Error {
  override readonly name = 'Refusal';
  readonly fields: Readonly<Record<string, string>>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.fields = details.fields ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The refusals raised most often, with the texts they carry unless told otherwise. */
export const invalid = (message: string, fields?: Record<string, string>) =>
  new Refusal('invalid', message, { fields: fields ?? {} });
export const notFound = (message = 'not found') => new Refusal('not-found', message);
export const forbidden = (message = 'forbidden', fields?: Record<string, string>) =>
  new Refusal('forbidden', message, { fields: fields ?? {} });
export const mustBeSignedIn = () => new Refusal('unauthenticated', 'must be signed in');
