import { createFileRoute } from '@tanstack/react-router';
import { threadQuery } from '../features/waves/api/get-thread.ts';
import { ThreadPage } from '../features/waves/components/thread-page.tsx';

export const Route = createFileRoute('/thread/$wave_name')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(threadQuery(params.wave_name));
  },
  component: ThreadRoute,
});

function ThreadRoute() {
  const { wave_name } = Route.useParams();
  return <ThreadPage key={wave_name} waveName={wave_name} />;
}
