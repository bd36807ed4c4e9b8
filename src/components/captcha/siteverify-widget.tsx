import { useEffect, useImperativeHandle, useRef } from 'react';
import type { CaptchaWidgetProps } from './captcha-widget.ts';

interface ThirdPartyApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId?: string): void;
  remove?(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: ThirdPartyApi;
    hcaptcha?: ThirdPartyApi;
  }
}

const SCRIPTS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off',
} as const;

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/** Cloudflare Turnstile or hCaptcha, when the server is configured for one of them. */
export default function SiteverifyWidget({
  provider,
  siteKey,
  onChange,
  handleRef,
  language,
}: CaptchaWidgetProps & { provider: 'turnstile' | 'hcaptcha'; siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useImperativeHandle(handleRef, () => ({
    reset() {
      const api = window[provider];
      if (api && widgetId.current !== null) api.reset(widgetId.current);
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    void loadScript(SCRIPTS[provider]).then(() => {
      const api = window[provider];
      if (cancelled || !api || !container.current) return;
      widgetId.current = api.render(container.current, {
        sitekey: siteKey,
        callback: (token: string) => onChangeRef.current(token),
        'expired-callback': () => onChangeRef.current(null),
        'error-callback': () => onChangeRef.current(null),
        ...(provider === 'turnstile' ? { language } : { hl: language }),
      });
    });
    return () => {
      cancelled = true;
      const api = window[provider];
      if (api?.remove && widgetId.current !== null) api.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [provider, siteKey, language]);

  return <div ref={container} className="captcha__third-party" />;
}
