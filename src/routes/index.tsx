import { createFileRoute } from '@tanstack/react-router';
import { FeedPage } from '../features/waves/components/feed-page.tsx';

export const Route = createFileRoute('/')({
  component: () => <FeedPage kind="newest" />,
});
