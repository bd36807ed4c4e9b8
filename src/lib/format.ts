const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes:seconds, zero padded (docs/product/listening.md "Player"), e.g. 03:07; hours when needed, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds || 0));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

/** One formatter per language: creating one costs far more than formatting with it. */
const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthFormat(language: string): Intl.DateTimeFormat {
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'short' });
    monthFormats.set(language, format);
  }
  return format;
}

/** The row's created time (docs/product/listening.md "Wave row"), e.g. 05Jan24 03:07pm, month in the UI language. */
export function formatCreated(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const month = monthFormat(language).format(date).replace('.', '').slice(0, 3);
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(date.getDate())}${month}${pad(date.getFullYear() % 100)} ${pad(hour12)}:${pad(date.getMinutes())}${hours < 12 ? 'am' : 'pm'}`;
}

/** Counts with K and M (one decimal), as the feeds show them. */
export function formatCount(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(value);
}
