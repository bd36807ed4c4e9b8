import type { Ref } from 'react';

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
}
