/**
 * The audiogram card's texts that are computed: the creation date (`05 Jan 25 3:07pm`) and the
 * duration (`3:07`). Pure, so the card page and the server's renderer print the same thing.
 */
export interface CardDateLabels {
  /** Shown when the value is missing or is not a date. */
  invalidDate: string;
  /** Shown when the value cannot be formatted (wrong type, unknown time zone). */
  dateError: string;
}

export interface CardDateOptions {
  /** BCP 47 language of the month's name; default English. */
  locale?: string;
  /** IANA time zone; default the runtime's (the viewer's browser, the server's zone). */
  timeZone?: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `05 Jan 25 3:07pm`: day, short month, two-digit year, 12-hour clock without a leading zero. */
export function formatCardDate(
  value: unknown,
  labels: CardDateLabels,
  options: CardDateOptions = {},
): string {
  if (value === null || value === undefined || value === '') return labels.invalidDate;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    return labels.dateError;
  }
  try {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) return labels.invalidDate;
    const zone = options.timeZone ? { timeZone: options.timeZone } : {};
    const numbers = new Intl.DateTimeFormat('en-US', {
      ...zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(numbers.find((item) => item.type === type)?.value);
    const month = new Intl.DateTimeFormat(options.locale ?? 'en', { ...zone, month: 'short' })
      .format(date)
      .replace('.', '')
      .slice(0, 3);
    const hours = part('hour') % 24;
    const hour12 = hours % 12 === 0 ? 12 : hours % 12;
    return `${pad(part('day'))} ${month} ${pad(part('year') % 100)} ${hour12}:${pad(part('minute'))}${hours < 12 ? 'am' : 'pm'}`;
  } catch {
    return labels.dateError;
  }
}

/** `m:ss` (`h:mm:ss` from an hour on); anything that is not a duration shows `0:00`. */
export function formatCardDuration(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = pad(seconds % 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${rest}` : `${minutes}:${rest}`;
}
