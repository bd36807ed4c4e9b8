import { backPathUsernameProblem } from '../api/contract/username-rules.ts';

/**
 * Where the recorder returns to (docs/product/recording.md "Back path"): only /c/{valid name}, /u/{valid name},
 * /chat/{channel name}, /newest, /following or /trending; anything else becomes /newest.
 */
export function safeBackPath(candidate: string | undefined | null): string {
  if (!candidate) return '/newest';
  if (candidate === '/newest' || candidate === '/following' || candidate === '/trending')
    return candidate;
  // A chat group's name follows the channel-name characters (letters, digits, _ and -).
  if (/^\/chat\/[\p{L}\p{N}_-]{1,64}$/u.test(candidate)) return candidate;
  const match = /^\/([cu])\/([^/?#]+)$/.exec(candidate);
  if (match?.[2] && backPathUsernameProblem(decodeURIComponent(match[2])) === null)
    return candidate;
  return '/newest';
}
