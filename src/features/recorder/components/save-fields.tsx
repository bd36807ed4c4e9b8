import { Trans } from '@lingui/react/macro';
import type { Ref } from 'react';
import { WAVE_TITLE_MAX, WAVE_TITLE_MIN } from '../../../api/contract/constants.ts';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';

/** What goes with a saved take: the optional title and, without an account, the captcha. */
export function SaveFields({
  title,
  onTitle,
  anonymous,
  captchaRef,
  onCaptcha,
  captchaError,
}: {
  title: string;
  onTitle: (title: string) => void;
  anonymous: boolean;
  captchaRef: Ref<CaptchaHandle>;
  onCaptcha: (payload: string | null) => void;
  captchaError: string | null;
}) {
  return (
    <div className="recorder__save form">
      <div className="field">
        <label className="field__label" htmlFor="wave-title">
          <Trans>Title (optional)</Trans>
        </label>
        <input
          id="wave-title"
          className="input"
          value={title}
          maxLength={WAVE_TITLE_MAX}
          onChange={(event) => onTitle(event.target.value)}
          aria-describedby="wave-title-hint"
        />
        <span id="wave-title-hint" className="field__hint">
          <Trans>
            {WAVE_TITLE_MIN} to {WAVE_TITLE_MAX} characters
          </Trans>
        </span>
      </div>
      {anonymous && <Captcha ref={captchaRef} onChange={onCaptcha} error={captchaError} />}
    </div>
  );
}
