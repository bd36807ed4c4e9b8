import { createFileRoute } from '@tanstack/react-router';
import { SignOutPage } from '../features/accounts/components/sign-out-page.tsx';

export const Route = createFileRoute('/signout')({
  component: SignOutPage,
});
