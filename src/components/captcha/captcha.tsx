import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { CaptchaPurpose } from '../../api/contract/captcha.ts';
import { captchaConfigQuery } from './captcha-config.ts';
import type { CaptchaHandle, CaptchaWidgetProps } from './captcha-widget.ts';
import './captcha.css';

const AltchaWidget = lazy(() => import('./altcha-widget.tsx'));
const SiteverifyWidget = lazy(() => import('./siteverify-widget.tsx'));

// Forms hold the handle through the component they render.
export type { CaptchaHandle };

export interface CaptchaProps {
  /** The payload to send in the form's `captcha` field, or null (unsolved, expired, reset). */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
  /** Shown under the widget, announced with it (e.g. "captcha required"). */
  error?: string | null;
  /** A visible label; defaults to "Verification". */
  label?: string;
  /** What the payload is for, when the server makes that harder under load (phone codes). */
  purpose?: CaptchaPurpose;
}

/**
 * The captcha of sign-up, phone verification and anonymous recording. The widget's code loads
 * only when this renders; ALTCHA is self-hosted (no third party), Turnstile and hCaptcha load
 * the provider's script. Usage:
 *
 *   const captcha = useRef<CaptchaHandle>(null);
 *   <Captcha ref={captcha} onChange={setPayload} error={captchaError} />
 *   …after a submit: captcha.current?.reset();
 */
export function Captcha({ onChange, ref, error, label, purpose }: CaptchaProps) {
  const { t, i18n } = useLingui();
  const config = useQuery(captchaConfigQuery);
  const labelId = useId();
  const errorId = useId();
  const widget = useRef<CaptchaHandle>(null);
  // Remounting the widget is the most reliable reset for every provider.
  const [generation, setGeneration] = useState(0);

  useImperativeHandle(ref, () => ({
    reset() {
      onChange(null);
      if (widget.current) widget.current.reset();
      else setGeneration((value) => value + 1);
    },
  }));

  const loading = (
    <p className="captcha__status" role="status">
      {t`Loading the verification…`}
    </p>
  );
  let body = loading;
  if (config.isError) {
    body = (
      <p className="captcha__status" role="alert">
        {t`The verification could not be loaded. Check your connection and try again.`}{' '}
        <button
          type="button"
          className="button button--small"
          onClick={() => void config.refetch()}
        >
          {t`Try again`}
        </button>
      </p>
    );
  } else if (config.data) {
    const props: CaptchaWidgetProps = {
      onChange,
      handleRef: widget,
      language: i18n.locale,
      labelledBy: labelId,
      purpose,
    };
    body = (
      <Suspense fallback={loading}>
        {config.data.provider === 'altcha' ? (
          <AltchaWidget key={generation} {...props} />
        ) : (
          <SiteverifyWidget
            key={generation}
            {...props}
            provider={config.data.provider}
            siteKey={config.data.siteKey ?? ''}
          />
        )}
      </Suspense>
    );
  }

  return (
    <div
      className="captcha"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
    >
      <span id={labelId} className="field__label">
        {label ?? t`Verification`}
      </span>
      {body}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
