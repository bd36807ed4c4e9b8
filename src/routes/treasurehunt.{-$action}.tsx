import { createFileRoute } from '@tanstack/react-router';
import {
  SellPage,
  TreasureHuntPage,
} from '../features/treasure-hunt/components/marketplace-pages.tsx';
import { NotFoundPage } from '../features/shell/components/not-found-page.tsx';

/** /treasurehunt (the running auctions) and /treasurehunt/sell (the listing form): one route. */
export const Route = createFileRoute('/treasurehunt/{-$action}')({
  component: TreasureHuntRoute,
});

function TreasureHuntRoute() {
  const { action } = Route.useParams();
  if (action === undefined) return <TreasureHuntPage />;
  return action === 'sell' ? <SellPage /> : <NotFoundPage />;
}
