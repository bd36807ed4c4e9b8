import type { Ref } from 'react';
import type { CaptchaPurpose } from '../../api/contract/captcha.ts';

/*
 * The types captcha.tsx and the widgets it loads lazily share. They live below both, so a widget
 * does not import the component that loads it (no import cycle).
 */

/** What a form can do with its captcha: start over after an attempt (a payload works once). */
export interface CaptchaHandle {
  reset(): void;
}

/** What the widgets implement; `onChange` gets the payload, or null when there is none (any more). */
export interface CaptchaWidgetProps {
  onChange: (payload: string | null) => void;
  handleRef: Ref<CaptchaHandle>;
  language: string;
  labelledBy: string;
  /** Asks the server for the challenge of this purpose (it may be harder under load). */
  purpose?: CaptchaPurpose | undefined;
}
