import { createFileRoute } from '@tanstack/react-router';
import { NewestPlaceholder } from '../features/shell/components/newest-placeholder.tsx';

export const Route = createFileRoute('/newest')({
  component: NewestPlaceholder,
});
