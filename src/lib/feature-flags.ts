import { useStoredValue } from './use-stored-value.ts';

/** Feature flags with their defaults (docs/product/limits.md "Feature flags"), in one place. */
export const featureFlags = {
  enableDudeMode: false,
  enableRiff: false,
  enableUpload: true,
  /**
   * The chat groups tab. On: groups are part of the product. A build with
   * VITE_ENABLE_GROUPS=false hides the tab (docs/product/shell.md "Feature flags").
   */
  enableGroups: import.meta.env['VITE_ENABLE_GROUPS'] !== 'false',
} as const;

/**
 * Dude mode: rows offer the wave's card in three orientations. Off by default; a tester turns
 * it on for this browser on /playertest (docs/product/shell.md "Feature flags").
 */
export function useDudeMode(): boolean {
  const stored = useStoredValue('enableDudeMode');
  return featureFlags.enableDudeMode || stored === 'true';
}
