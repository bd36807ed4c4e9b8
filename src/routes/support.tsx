import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/info/components/support-page.tsx';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});
