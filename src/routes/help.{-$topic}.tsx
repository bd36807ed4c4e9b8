import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/info/components/help-page.tsx';
import { WaveHelpPage } from '../features/info/components/wave-help-page.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';

/** /help and /help/waves (the wave help page): one route. */
export const Route = createFileRoute('/help/{-$topic}')({
  component: HelpRoute,
});

function HelpRoute() {
  const { topic } = Route.useParams();
  if (topic === undefined) return <HelpPage />;
  return topic === 'waves' ? <WaveHelpPage /> : <NotFoundPage />;
}
