/** The short-video feed's numbers (docs/product/limits.md "Short-video feed"). */

/** A vertical drag at least this long moves to the next or previous wave. */
export const SWIPE_THRESHOLD_PX = 50;
/** A pointer that moved less than this is a tap. */
export const TAP_SLOP_PX = 10;
/** At most one move per wheel gesture within this time. */
export const WHEEL_THROTTLE_MS = 300;
/** A tap above this fraction of the height goes back one wave. */
export const TAP_PREVIOUS_FRACTION = 0.33;
/** A tap in the lower part, this fraction of the height, goes on one wave. */
export const TAP_NEXT_FRACTION = 0.66;
/** A wave that has not started playing by then shows the loading indicator. */
export const LOADING_INDICATOR_DELAY_MS = 3000;
/** The desktop controls help closes itself after this long. */
export const CONTROLS_HELP_MS = 8000;
/** Waves kept ready ahead of and behind the current one (each with its media element). */
export const PRELOAD_AHEAD = 2;
export const PRELOAD_BEHIND = 2;
/** A preloaded wave plays muted for at most this long to warm its decoder, then rewinds. */
export const WARM_MAX_MS = 2000;
/** Warming stops as soon as this much has played: the decoder and the first frames are ready. */
export const WARM_ENOUGH_SECONDS = 0.25;
/** Waves per page of the feed; more load when the current wave is this close to the end. */
export const FEED_PAGE_SIZE = 10;
export const LOAD_MORE_WITHIN = 3;
/** The phone-sized column the feed lives in, centred on wider screens. */
export const FEED_MAX_WIDTH_PX = 450;
/** Dislikes stay on the device; the oldest go beyond this many. */
export const MAX_DISLIKES = 200;
