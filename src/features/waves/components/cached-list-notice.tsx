import { Trans, useLingui } from '@lingui/react/macro';

function relativeAge(cachedAt: number, language: string): string {
  const seconds = Math.round((cachedAt - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86400), 'day');
}

/** Offline, a list shows the worker's saved copy: say how old it is. */
export function CachedListNotice({ cachedAt }: { cachedAt: number }) {
  const { i18n } = useLingui();
  const age = relativeAge(cachedAt, i18n.locale);
  return (
    <p className="cached-list" role="status">
      <Trans>You are offline. This list was saved {age}.</Trans>
    </p>
  );
}
