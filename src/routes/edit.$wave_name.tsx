import { createFileRoute } from '@tanstack/react-router';
import { EditWavePage } from '../features/wave-edit/components/edit-wave-page.tsx';

export const Route = createFileRoute('/edit/$wave_name')({
  component: EditRoute,
});

function EditRoute() {
  const { wave_name } = Route.useParams();
  return <EditWavePage waveName={wave_name} />;
}
