import { createFileRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../features/channels/components/channels-page.tsx';

export const Route = createFileRoute('/channels')({
  component: ChannelsPage,
});
