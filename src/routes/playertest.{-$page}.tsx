import { createFileRoute } from '@tanstack/react-router';
import { FilterTestPage } from '../features/playertest/components/filter-test-page.tsx';
import { PlayerTestPage } from '../features/playertest/components/player-test-page.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';

/** /playertest and /playertest/filters (the audio filter page): one route. */
export const Route = createFileRoute('/playertest/{-$page}')({
  component: PlayerTestRoute,
});

function PlayerTestRoute() {
  const { page } = Route.useParams();
  if (page === undefined) return <PlayerTestPage />;
  return page === 'filters' ? <FilterTestPage /> : <NotFoundPage />;
}
