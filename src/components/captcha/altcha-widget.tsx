import { useLingui } from '@lingui/react/macro';
import 'altcha/external';
import 'altcha/altcha.css';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { ALTCHA_CHALLENGE_URL } from './captcha-config.ts';
import type { CaptchaWidgetProps } from './captcha-widget.ts';

// The "external" build ships no inline workers: they load as files from our origin (CSP).
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

/** The self-hosted ALTCHA widget: a proof of work the browser solves in well under a second. */
export default function AltchaWidget({
  onChange,
  handleRef,
  language,
  labelledBy,
  purpose,
}: CaptchaWidgetProps) {
  const { t } = useLingui();
  const element = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // The widget's texts, from our catalogs (so German is ours, and complete).
  globalThis.$altcha.i18n.set(language, {
    ariaLinkLabel: t`ALTCHA (official website)`,
    cancel: t`Cancel`,
    enterCode: t`Enter code`,
    enterCodeAria: t`Enter the code you hear. Press Space to play the audio.`,
    enterCodeFromImage: t`To continue, enter the code from the image below.`,
    error: t`Verification failed. Please try again later.`,
    expired: t`The verification expired. Please verify again.`,
    footer: t`Protected by ALTCHA`,
    getAudioChallenge: t`Get an audio challenge`,
    label: t`I’m not a robot`,
    loading: t`Loading…`,
    reload: t`Reload`,
    verify: t`Verify`,
    verificationRequired: t`Please verify that you are not a robot.`,
    verified: t`Verified`,
    verifying: t`Verifying…`,
    waitAlert: t`Verifying… please wait.`,
  });

  useImperativeHandle(handleRef, () => ({
    reset() {
      element.current?.reset();
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string | null }>)
        .detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', onState);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  return (
    <altcha-widget
      ref={element as never}
      challenge={purpose ? `${ALTCHA_CHALLENGE_URL}?purpose=${purpose}` : ALTCHA_CHALLENGE_URL}
      language={language}
      name="captcha"
      aria-labelledby={labelledBy}
      // The widget shows "verified" no sooner than minDuration (its default is 500 ms).
      configuration={JSON.stringify({ minDuration: 200, credentials: 'same-origin' })}
    />
  );
}
