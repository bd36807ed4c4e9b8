import { createFileRoute } from '@tanstack/react-router';
import { RecorderPage } from '../features/recorder/components/recorder-page.tsx';
import { safeBackPath } from '../lib/back-path.ts';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/reply/$in_reply_to_wave_wave_name')({
  validateSearch: (search) =>
    definedOnly({ backtopath: optionalString(search, 'backtopath', 200) }),
  component: ReplyRoute,
});

function ReplyRoute() {
  const { in_reply_to_wave_wave_name } = Route.useParams();
  const { backtopath } = Route.useSearch();
  return (
    <RecorderPage
      key={in_reply_to_wave_wave_name}
      replyTo={in_reply_to_wave_wave_name}
      backToPath={safeBackPath(backtopath)}
    />
  );
}
