import { createFileRoute } from '@tanstack/react-router';
import { PeoplePage } from '../features/profiles/components/people-page.tsx';

export const Route = createFileRoute('/people')({
  component: PeoplePage,
});
