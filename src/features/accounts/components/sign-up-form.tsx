import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TransportError } from '../../../api/client.ts';
import {
  authMessages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signUpFormSchema,
  type SignUpFormInput,
  type SignUpFormValues,
} from '../../../api/contract/auth.ts';
import { DEFAULT_COUNTRY_CODE, DEFAULT_REGION_NAME } from '../../../api/contract/countries.ts';
import { signUpUsernameProblem } from '../../../api/contract/username-rules.ts';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { CountryRegionFields } from '../../../components/forms/country-region-fields.tsx';
import { FormField } from '../../../components/forms/form-field.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { storedLanguage } from '../../../lib/storage.ts';
import { signUp } from '../api/sign-up.ts';
import { useUsernameCheck } from '../api/check-username.ts';
import {
  BROWSER_VALIDITY,
  COUNTRY_AND_REGION_REQUIRED,
  signUpSubmitProblem,
} from '../forms/rules.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { requestErrorText } from '../api/request-errors.ts';
import { PleaseWait } from './please-wait.tsx';

type Phase = 'start' | 'loading' | 'success' | 'error';
type FieldName = keyof SignUpFormInput;
const fieldNames: FieldName[] = [
  'username',
  'email',
  'usercountrycode',
  'userregionname',
  'password',
  'terms',
];

/** The live availability note under the username (docs/product/accounts.md "Sign-up": shown in green). */
function UsernameStatus({
  username,
  settled,
  check,
}: {
  username: string;
  settled: string;
  check: ReturnType<typeof useUsernameCheck>;
}) {
  const { t } = useLingui();
  const trimmed = username.trim();
  if (trimmed === '' || signUpUsernameProblem(trimmed) !== null) return null;
  if (settled !== trimmed || check.isPending) {
    return <span className="field__hint">{t`Checking availability…`}</span>;
  }
  if (check.isError) {
    return <span className="field__error">{t`Unknown error occurred. Please try again.`}</span>;
  }
  if (check.data.success) {
    return <span className="field__ok">✓ {t`available`}</span>;
  }
  const message = check.data.formFieldErrorMessages?.['username'];
  return (
    <span className="field__error">{message ? translateServerMessage(message) : t`error`}</span>
  );
}

/**
 * Sign-up (docs/product/accounts.md "Sign-up"): the four states, the submit order of the checks,
 * the captcha reset after each try.
 */
export function SignUpForm() {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('start');
  const [failure, setFailure] = useState('');
  const [submittedEmail, setSubmittedEmail] = useState('');

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    trigger,
    setFocus,
    formState: { errors },
  } = useForm<SignUpFormInput, unknown, SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onTouched',
    defaultValues: {
      username: '',
      email: '',
      password: '',
      usercountrycode: DEFAULT_COUNTRY_CODE,
      userregionname: DEFAULT_REGION_NAME,
      terms: false,
    },
  });
  const [username = '', country = '', region = ''] = useWatch({
    control,
    name: ['username', 'usercountrycode', 'userregionname'],
  });
  // One availability request per pause in typing, not per key.
  const settledUsername = useDebouncedValue(username.trim(), 400);
  const usernameCheck = useUsernameCheck(
    settledUsername,
    settledUsername !== '' && signUpUsernameProblem(settledUsername) === null,
  );
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? translateServerMessage(message) : undefined;
  };

  const send = async (values: SignUpFormValues) => {
    const language = storedLanguage();
    if (!captchaPayload || !language) return;
    setPhase('loading');
    try {
      const reply = await signUp({
        username: values.username,
        email: values.email,
        password: values.password,
        usercountrycode: values.usercountrycode,
        userregionname: values.userregionname,
        captcha: captchaPayload,
        language_code_ui: language,
      });
      if (reply.success) {
        setSubmittedEmail(values.email);
        setPhase('success');
        return;
      }
      const fields = Object.entries(reply.formFieldErrorMessages ?? {});
      if (fields.length > 0) {
        let focused = false;
        for (const [field, message] of fields) {
          notify(translateServerMessage(message));
          if (field === 'captcha') setCaptchaError(translateServerMessage(message));
          if ((fieldNames as string[]).includes(field)) {
            setError(field as FieldName, { message }, { shouldFocus: !focused });
            focused = true;
          }
        }
      } else {
        notify(
          reply.message
            ? translateServerMessage(reply.message)
            : t`Unknown error occurred. Please try again.`,
        );
      }
      setPhase('start');
    } catch (error) {
      if (error instanceof TransportError && error.status >= 500) {
        setFailure(requestErrorText(error));
        setPhase('error');
      } else {
        notify(requestErrorText(error));
        setPhase('start');
      }
    } finally {
      // A captcha solution works once: every attempt needs a new one.
      captcha.current?.reset();
    }
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== 'start') return;
    setCaptchaError(null);
    const values = getValues();
    const problem = signUpSubmitProblem({
      captcha: captchaPayload,
      usernameAccepted: !(usernameCheck.data && !usernameCheck.data.success),
      browserValid: formRef.current?.checkValidity() ?? true,
      language: storedLanguage(),
      values: {
        username: values.username ?? '',
        email: values.email ?? '',
        password: values.password ?? '',
        usercountrycode: values.usercountrycode ?? '',
        userregionname: values.userregionname ?? '',
        terms: values.terms === true,
      },
    });
    switch (problem) {
      case null:
        await handleSubmit(send)();
        return;
      case authMessages.captchaRequired:
        setCaptchaError(translateServerMessage(problem));
        notify(translateServerMessage(problem));
        return;
      case authMessages.usernameInvalid:
        notify(translateServerMessage(problem));
        await trigger('username');
        setFocus('username');
        return;
      case BROWSER_VALIDITY: {
        // Show our texts for whatever the browser refused, and go to the first such field.
        const invalid = formRef.current?.querySelector<HTMLInputElement>(
          'input:invalid[name], select:invalid[name]',
        );
        const name = invalid?.name as FieldName | undefined;
        if (name && fieldNames.includes(name)) {
          await trigger(name);
          setFocus(name);
        }
        return;
      }
      case COUNTRY_AND_REGION_REQUIRED:
        notify(t`Please choose a country and a region.`);
        await trigger(['usercountrycode', 'userregionname']);
        setFocus(country ? 'userregionname' : 'usercountrycode');
        return;
      default:
        notify(translateServerMessage(problem));
        await trigger();
        if (values.terms !== true) setError('terms', { message: authMessages.required });
    }
  };

  if (phase === 'success') {
    return (
      <div className="card accounts-card accounts-result" role="status">
        <h2>
          <Trans>Check your e-mail</Trans>
        </h2>
        <p>
          <Trans>
            We sent a link to <strong>{submittedEmail}</strong>. Open it to confirm your address,
            then sign in.
          </Trans>
        </p>
        <p className="field__hint">
          <Trans>No e-mail after a few minutes? Look in your spam folder.</Trans>
        </p>
        <div className="accounts-actions">
          <Link to="/signin" className="button button--primary">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/newest" className="button">
            <Trans>Home</Trans>
          </Link>
        </div>
      </div>
    );
  }

  if (phase === 'error') {
    return (
      <div className="card accounts-card accounts-result" role="alert">
        <h2>
          <Trans>Signup failed</Trans>
        </h2>
        <p>
          <Trans>
            Something went wrong while creating your account. Please try again later, or contact us
            and tell us what happened.
          </Trans>
        </p>
        <p className="accounts-result__detail">{failure}</p>
        <div className="accounts-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setPhase('start')}
          >
            <Trans>Back to the form</Trans>
          </button>
          <Link to="/about" className="button">
            <Trans>Contact us</Trans>
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      {phase === 'loading' && <PleaseWait />}
      {/* Hidden, not unmounted, while loading: a failed attempt returns to the filled form. */}
      <form
        ref={formRef}
        className="form card accounts-card"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        hidden={phase !== 'start'}
        aria-labelledby="signup-title"
      >
        <FormField
          label={t`Username`}
          hint={t`5 to 30 letters, digits or hyphens, ending with a digit, e.g. sam-river7.`}
          error={fieldError('username')}
          status={
            errors.username ? null : (
              <UsernameStatus username={username} settled={settledUsername} check={usernameCheck} />
            )
          }
        >
          {(controlProps) => (
            <input
              {...controlProps}
              {...register('username')}
              className="input"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={60}
            />
          )}
        </FormField>
        <FormField label={t`E-mail`} error={fieldError('email')}>
          {(controlProps) => (
            <input
              {...controlProps}
              {...register('email')}
              className="input"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <CountryRegionFields
          country={country}
          region={region}
          countryError={fieldError('usercountrycode')}
          regionError={fieldError('userregionname')}
          onCountryChange={(code, firstRegion) => {
            setValue('usercountrycode', code, { shouldValidate: Boolean(errors.usercountrycode) });
            setValue('userregionname', firstRegion);
          }}
          onRegionChange={(name) =>
            setValue('userregionname', name, { shouldValidate: Boolean(errors.userregionname) })
          }
          hint={<Trans>Shown on your profile. You can change it later.</Trans>}
        />
        <FormField
          label={t`Password`}
          hint={t`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldError('password')}
        >
          {(controlProps) => (
            <input
              {...controlProps}
              {...register('password')}
              className="input"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </FormField>
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              {...register('terms')}
              aria-invalid={Boolean(errors.terms)}
              aria-describedby={errors.terms ? 'signup-terms-error' : undefined}
            />
            <span>
              <Trans>
                I accept the{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  terms of use and the privacy policy
                </Link>
                .
              </Trans>
            </span>
          </label>
          {errors.terms && (
            <p id="signup-terms-error" className="field__error">
              {fieldError('terms')}
            </p>
          )}
        </div>
        <Captcha
          ref={captcha}
          onChange={(payload) => {
            setCaptchaPayload(payload);
            if (payload) setCaptchaError(null);
          }}
          error={captchaError}
        />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={phase !== 'start'}
        >
          <Trans>Sign up</Trans>
        </button>
      </form>
    </>
  );
}
