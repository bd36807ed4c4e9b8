import { createFileRoute } from '@tanstack/react-router';
import { VerifyPhonePage } from '../features/phone/components/verify-phone-page.tsx';

export const Route = createFileRoute('/verifyphonenumber')({
  component: VerifyPhonePage,
});
