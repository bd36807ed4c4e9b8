/**
 * Who the server took the caller of a list for, sent with every list reply (docs/product/api.md
 * "Response headers"): a feed's first screen learns it from its list instead of waiting for a
 * second request (docs/decisions.md "Who the visitor is, from the first list"). The same answer
 * as GET /auth/isuseranonymous. Zod-free: the first screen reads it.
 */
export const VIEWER_HEADER = 'x-waves-viewer';

export interface ReportedViewer {
  isAnonymous: boolean;
  user_id: number;
}

export const viewerHeaderValue = (viewer: ReportedViewer) =>
  `${viewer.isAnonymous ? 'anonymous' : 'signed-in'} ${viewer.user_id}`;

export function parseViewerHeader(value: string | null): ReportedViewer | null {
  const match = /^(anonymous|signed-in) (\d+)$/.exec(value ?? '');
  return match ? { isAnonymous: match[1] === 'anonymous', user_id: Number(match[2]) } : null;
}
