/**
 * Trending, without decay and without scans.
 *
 * A wave's trending score is
 *
 *     score = log10(max(1, 3 × likes + views)) + (created_seconds − EPOCH) / 45 000
 *
 * (the "hot" ranking Reddit published). The first term rewards engagement with diminishing
 * returns: the first 10 interactions weigh as much as the next 90. The second term grows by 1
 * every 45 000 s (12.5 hours), so a wave needs ten times the engagement of one 12.5 hours
 * younger to rank beside it, and every wave sinks naturally as newer ones arrive.
 *
 * Because age enters as the creation time rather than "time since", a score never changes
 * while nothing happens to its wave: there is no decay to recompute, and the order of two
 * untouched waves is fixed forever. So the score is a stored column (`waves.trending_score`),
 * written only when its inputs change — on publish, on a counted view, on a like — and the
 * trending list reads the index `waves_trending (listed, language_code_ui, trending_score, id)`
 * in key order: a page costs the same with a thousand waves or a million.
 *
 * Likes weigh three views: a like is a deliberate act of a signed-in user and is counted once
 * per user, views are counted once per viewer per day.
 */

/** 2024-01-01T00:00:00Z in seconds: keeps scores small; any fixed epoch gives the same order. */
export const TRENDING_EPOCH_SECONDS = 1_704_067_200;
export const TRENDING_AGE_SECONDS_PER_POINT = 45_000;
export const TRENDING_LIKE_WEIGHT = 3;

export function trendingScore(input: {
  likes: number;
  views: number;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
}): number {
  const engagement = Math.max(1, TRENDING_LIKE_WEIGHT * input.likes + input.views);
  const age = (input.createdAt / 1000 - TRENDING_EPOCH_SECONDS) / TRENDING_AGE_SECONDS_PER_POINT;
  // Rounded to 1e-9 so the value round-trips exactly through text (cursors, PostgreSQL).
  return Math.round((Math.log10(engagement) + age) * 1e9) / 1e9;
}
