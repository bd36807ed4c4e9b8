import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { authMessages } from '../../../api/contract/auth.ts';
import { CAPTCHA_FIELD } from '../../../api/contract/captcha.ts';
import type { CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { forgetSignedInUser } from '../../../lib/storage.ts';
import { confirmEmail } from '../api/confirm-email.ts';
import { signIn } from '../api/sign-in.ts';
import { signOut } from '../api/sign-out.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { requestErrorAlert, requestErrorText } from '../api/request-errors.ts';
import { AlreadySignedIn } from './already-signed-in.tsx';
import { PleaseWait } from './please-wait.tsx';
import { SignInForm, type SignInSubmission } from './sign-in-form.tsx';
import './accounts.css';

/** Confirmation tokens already sent (StrictMode runs effects twice; a reload sends again). */
const confirmationsSent = new Set<string>();

/**
 * Sign-in (docs/product/accounts.md "Sign-in"). Signed-in users see the already-signed-in notice.
 * Anyone else gets a clean slate first: the sign-out call, and the stored user id and username
 * cleared. `confirm` is the token of the e-mailed confirmation link (/signin?confirm=…).
 */
export function SignInPage({ confirm }: { confirm?: string | undefined }) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [phase, setPhase] = useState<'start' | 'loading'>('start');
  const cleanSlate = useRef<Promise<void> | null>(null);
  // Asked for by the server after failed sign-ins; a solution works once.
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  useEffect(() => {
    if (!session.known || session.signedIn || cleanSlate.current) return;
    cleanSlate.current = signOut().then(() => forgetSignedInUser());
  }, [session.known, session.signedIn]);

  useEffect(() => {
    if (!confirm || confirmationsSent.has(confirm)) return;
    confirmationsSent.add(confirm);
    void (async () => {
      try {
        const reply = await confirmEmail(confirm);
        if (reply.success) {
          notify(t`Your e-mail address is confirmed. You can sign in now.`, { kind: 'success' });
        } else {
          notify(translateServerMessage(reply.message));
        }
      } catch (error) {
        notify(requestErrorText(error));
      }
      await navigate({ to: '/signin', search: {}, replace: true });
    })();
  }, [confirm, navigate, t]);

  const submit = async (values: SignInSubmission) => {
    setPhase('loading');
    setCaptchaError(null);
    try {
      await cleanSlate.current;
      const reply = await signIn(values);
      if (values.captcha) captcha.current?.reset();
      if (!reply.success) {
        const { [CAPTCHA_FIELD]: captchaMessage, ...fields } = reply.formFieldErrorMessages ?? {};
        if (captchaMessage) {
          // Shown on the form, beside the captcha it asks for.
          setCaptchaRequired(true);
          setCaptchaError(translateServerMessage(captchaMessage));
        } else {
          notify(requestErrorAlert(reply.message));
        }
        for (const message of Object.values(fields)) notify(translateServerMessage(message));
        setPhase('start');
        if (reply.message.startsWith(authMessages.emailNotConfirmed)) {
          await navigate({ to: '/resetpassword' });
        }
        return;
      }
      if (!reply.data?.user_id) {
        notify(t`Sign In failed`);
        setPhase('start');
        return;
      }
      await completeSignIn(reply.data);
    } catch (error) {
      notify(requestErrorText(error));
      setPhase('start');
    }
  };

  let body;
  if (!session.known) body = <PleaseWait />;
  else if (session.signedIn && phase !== 'loading') {
    body = <AlreadySignedIn username={session.username} />;
  } else {
    body = (
      <>
        {phase === 'loading' && <PleaseWait />}
        {/* Hidden, not unmounted, while loading: after a failure the typed e-mail is still there. */}
        <div className="card accounts-card" hidden={phase === 'loading'}>
          <SignInForm
            onSubmit={(values) => void submit(values)}
            disabled={phase === 'loading'}
            captchaRequired={captchaRequired}
            captchaError={captchaError}
            captchaRef={captcha}
          />
        </div>
      </>
    );
  }

  return (
    <section className="page page--narrow accounts" aria-labelledby="signin-title">
      <h1 id="signin-title">
        <Trans>Sign in</Trans>
      </h1>
      {body}
      <nav className="accounts-links" aria-label={t`More`}>
        <Link to="/resetpassword">
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to="/signup">
          <Trans>Create an account</Trans>
        </Link>
        <Link to="/language" search={{ backto: 'signin' }}>
          <Trans>Change language</Trans>
        </Link>
        <Link to="/newest">
          <Trans>Home</Trans>
        </Link>
      </nav>
    </section>
  );
}
