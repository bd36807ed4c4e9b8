import { createFileRoute } from '@tanstack/react-router';
import { ProfileSettingsPage } from '../features/profiles/components/profile-settings-page.tsx';

export const Route = createFileRoute('/profilesettings')({
  component: ProfileSettingsPage,
});
