import { createFileRoute } from '@tanstack/react-router';
import { ChannelPicker } from '../features/recorder/components/channel-picker.tsx';
import { RecorderPage } from '../features/recorder/components/recorder-page.tsx';
import { safeBackPath } from '../lib/back-path.ts';
import { definedOnly, optionalString } from '../lib/search-params.ts';
import { takeSharedFile } from '../lib/shared-file.ts';

export const Route = createFileRoute('/recorder/{-$channel_id}')({
  validateSearch: (search) =>
    definedOnly({
      backtopath: optionalString(search, 'backtopath', 200),
      shared: optionalString(search, 'shared', 80),
    }),
  component: RecorderRoute,
});

function RecorderRoute() {
  const { channel_id } = Route.useParams();
  const { backtopath, shared } = Route.useSearch();
  const backToPath = safeBackPath(backtopath);
  const channelId = channel_id && /^\d+$/.test(channel_id) ? Number(channel_id) : undefined;
  const sharedFile = shared ? takeSharedFile(shared) : undefined;
  if (channelId === undefined) return <ChannelPicker backToPath={backToPath} />;
  return (
    <RecorderPage
      key={channelId}
      channelId={channelId}
      backToPath={backToPath}
      {...(sharedFile ? { sharedFile } : {})}
    />
  );
}
