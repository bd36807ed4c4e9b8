import { createFileRoute } from '@tanstack/react-router';
import { AudiogramCardPage } from '../features/audiogram-card/components/audiogram-card-page.tsx';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/audiogramcard/{-$wave_name}')({
  validateSearch: (search) => definedOnly({ orient: optionalString(search, 'orient', 32) }),
  component: AudiogramCardRoute,
});

function AudiogramCardRoute() {
  const { wave_name } = Route.useParams();
  const { orient } = Route.useSearch();
  return <AudiogramCardPage key={wave_name} waveName={wave_name ?? ''} orient={orient} />;
}
