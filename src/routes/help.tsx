import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/info/components/help-page.tsx';

export const Route = createFileRoute('/help')({
  component: HelpPage,
});
