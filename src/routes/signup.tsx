import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../features/accounts/components/sign-up-page.tsx';

export const Route = createFileRoute('/signup')({
  component: SignUpPage,
});
