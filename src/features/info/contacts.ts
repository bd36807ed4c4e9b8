/**
 * The addresses the about, support and contact pages show. An installation sets its own at
 * build time (VITE_CONTACT_EMAIL, VITE_SUPPORT_EMAIL); the defaults are placeholders on the
 * reserved example domain.
 */
export const contacts = {
  general: (import.meta.env['VITE_CONTACT_EMAIL'] as string | undefined) || 'hello@waves.example',
  support: (import.meta.env['VITE_SUPPORT_EMAIL'] as string | undefined) || 'support@waves.example',
  /** The community chat: the default public channel every installation has. */
  communityChannel: 'general',
} as const;

/** The version label (docs/product/shell.md "Information pages"). */
export const VERSION_LABEL = 'v1.0';
