import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../api/client.ts';
import type { CaptchaConfig } from '../../api/contract/captcha.ts';

/** Which captcha the server verifies (ALTCHA by default; Turnstile or hCaptcha by configuration). */
export const captchaConfigQuery = queryOptions({
  queryKey: ['captcha', 'config'],
  queryFn: () => apiData<CaptchaConfig>('/captcha/config'),
  staleTime: Infinity,
});

export const ALTCHA_CHALLENGE_URL = '/api/v1/captcha/challenge';
