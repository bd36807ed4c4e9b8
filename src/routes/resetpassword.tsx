import { createFileRoute } from '@tanstack/react-router';
import { RequestResetPage } from '../features/accounts/components/request-reset-page.tsx';

// With ?token= the start-up gate shows the password-reset screen instead of the routes.
export const Route = createFileRoute('/resetpassword')({
  component: RequestResetPage,
});
