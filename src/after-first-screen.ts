/**
 * What the app starts once its first screen has been shown: the service worker's bridge, the
 * upload queue and its indicator, the update prompt and query persistence. They are imported
 * through this one module, which the build puts in one chunk with what they import
 * (vite.config.ts, AFTER_FIRST_SCREEN): one request and one evaluation in place of a dozen small
 * ones that each cost the main thread a few tasks while the first screen is still being drawn
 * (docs/budgets.md "First screen (Lighthouse)").
 */
export { UploadIndicatorSlot } from './features/uploads/components/upload-indicator-slot.tsx';
export { UpdatePrompt } from './features/shell/components/update-prompt.tsx';
export { persistQueries } from './lib/query-persistence.ts';
export { registerServiceWorker } from './lib/sw-bridge.ts';
export { startUploadQueue } from './lib/upload-queue/upload-queue.ts';
