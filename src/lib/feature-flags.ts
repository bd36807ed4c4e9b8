/** Feature flags with the spec's defaults (accounts §3, content §3), in one place. */
export const featureFlags = {
  enableDudeMode: false,
  enableRiff: false,
  enableUpload: true,
  enableGroups: false,
} as const;
