import { lazy, Suspense } from 'react';
import { ensureFullCatalog } from '../../../lib/i18n.ts';
import { useUploadQueue } from '../../../lib/upload-queue/upload-queue.ts';

// Its texts are in the full catalog, which comes with it (src/lib/i18n.ts).
const UploadIndicator = lazy(async () => {
  const [module] = await Promise.all([import('./upload-indicator.tsx'), ensureFullCatalog()]);
  return { default: module.UploadIndicator };
});

/** The queue indicator loads only when the queue holds something (most visits it does not). */
export function UploadIndicatorSlot() {
  const items = useUploadQueue();
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <UploadIndicator />
    </Suspense>
  );
}
