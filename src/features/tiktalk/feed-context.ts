/**
 * The feed's context stack (docs/product/listening.md "Short-video feed"): a tab at the bottom
 * (For You, Discover, Following, Library) and, on top of it, what the viewer opened from a wave:
 * a channel, a user or a wave's replies. The stack lives in the address (`?tab=` and `?open=`),
 * so the phone's back gesture pops it like the back arrow, and a reload keeps it.
 */
export const FEED_TABS = ['foryou', 'discover', 'following', 'library'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export type OpenedContext =
  | { kind: 'channel'; channelName: string }
  | { kind: 'user'; username: string }
  | { kind: 'replies'; waveName: string };

export type FeedContext = { kind: 'tab'; tab: FeedTab } | OpenedContext;

export interface FeedStack {
  tab: FeedTab;
  /** Opened contexts, the last on top. */
  opened: OpenedContext[];
}

/** Deeper stacks are cut from the bottom: nobody navigates back through more. */
export const MAX_OPENED = 8;

const PREFIX = { channel: 'c', user: 'u', replies: 'r' } as const;
// Channel names, usernames and wave names are letters, digits, `_` and `-` (the contract's
// rules), so `.` and `~` never occur in them and the address stays readable.
const NAME = /^[\p{L}\p{N}_-]{1,64}$/u;

export function contextToken(context: OpenedContext): string {
  switch (context.kind) {
    case 'channel':
      return `${PREFIX.channel}.${context.channelName}`;
    case 'user':
      return `${PREFIX.user}.${context.username}`;
    case 'replies':
      return `${PREFIX.replies}.${context.waveName}`;
  }
}

function parseToken(token: string): OpenedContext | null {
  const [prefix, name] = token.split('.', 2);
  if (!name || !NAME.test(name)) return null;
  if (prefix === PREFIX.channel) return { kind: 'channel', channelName: name };
  if (prefix === PREFIX.user) return { kind: 'user', username: name };
  if (prefix === PREFIX.replies) return { kind: 'replies', waveName: name };
  return null;
}

/** The stack an address names; anything unreadable is left out rather than refused. */
export function parseStack(tab: string | undefined, open: string | undefined): FeedStack {
  const known = (FEED_TABS as readonly string[]).includes(tab ?? '');
  const opened = (open ?? '')
    .split('~')
    .map(parseToken)
    .filter((context): context is OpenedContext => context !== null)
    .slice(-MAX_OPENED);
  return { tab: known ? (tab as FeedTab) : 'foryou', opened };
}

/** The search params of a stack (For You and an empty stack are left out). */
export function stackSearch(stack: FeedStack): { tab?: FeedTab; open?: string } {
  return {
    ...(stack.tab === 'foryou' ? {} : { tab: stack.tab }),
    ...(stack.opened.length ? { open: stack.opened.map(contextToken).join('~') } : {}),
  };
}

export function topContext(stack: FeedStack): FeedContext {
  return stack.opened.at(-1) ?? { kind: 'tab', tab: stack.tab };
}

export function pushContext(stack: FeedStack, context: OpenedContext): FeedStack {
  const top = stack.opened.at(-1);
  if (top && contextToken(top) === contextToken(context)) return stack;
  return { tab: stack.tab, opened: [...stack.opened, context].slice(-MAX_OPENED) };
}

export function popContext(stack: FeedStack): FeedStack {
  return { tab: stack.tab, opened: stack.opened.slice(0, -1) };
}

/** A stable name for the stack's top: where the feed remembers the viewer's position. */
export function stackKey(stack: FeedStack): string {
  const top = stack.opened.at(-1);
  return top ? contextToken(top) : `tab.${stack.tab}`;
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on an entry the feed pushed for an opened context: back goes back in history. */
    tiktalkPushed?: boolean;
  }
}
