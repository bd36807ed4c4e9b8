import { storage } from './storage.ts';

/** Where to go after the phone is confirmed: the stored return URL (same site only), else settings. */
export function takePhoneReturnUrl(): string {
  const stored = storage.get('phone-return-url');
  storage.remove('phone-return-url');
  if (stored && stored.startsWith('/') && !stored.startsWith('//') && !stored.includes('\\')) {
    return stored;
  }
  return '/profilesettings';
}
