import { createFileRoute } from '@tanstack/react-router';
import { ChatGroupsPage } from '../features/groups/components/chat-groups-page.tsx';

export const Route = createFileRoute('/chatgroups')({
  component: ChatGroupsPage,
});
