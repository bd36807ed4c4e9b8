import { createFileRoute } from '@tanstack/react-router';
import { ChannelPicker } from '../features/recorder/components/channel-picker.tsx';
import { RecorderPage } from '../features/recorder/components/recorder-page.tsx';
import { safeBackPath } from '../lib/back-path.ts';
import { definedOnly, optionalString } from '../lib/search-params.ts';
import { loadSharedFile } from '../lib/shared-file.ts';

export const Route = createFileRoute('/recorder/{-$channel_id}')({
  validateSearch: (search) =>
    definedOnly({
      backtopath: optionalString(search, 'backtopath', 200),
      // A file shared into the app (manifest share_target), waiting in IndexedDB.
      shared: optionalString(search, 'shared', 80),
    }),
  loaderDeps: ({ search }) => ({ shared: search.shared }),
  loader: async ({ deps }) => ({
    sharedFile: deps.shared ? await loadSharedFile(deps.shared) : undefined,
  }),
  component: RecorderRoute,
});

function RecorderRoute() {
  const { channel_id } = Route.useParams();
  const { backtopath, shared } = Route.useSearch();
  const { sharedFile } = Route.useLoaderData();
  const backToPath = safeBackPath(backtopath);
  const channelId = channel_id && /^\d+$/.test(channel_id) ? Number(channel_id) : undefined;
  if (channelId === undefined) {
    return <ChannelPicker backToPath={backToPath} shared={sharedFile ? shared : undefined} />;
  }
  return (
    <RecorderPage
      key={channelId}
      channelId={channelId}
      backToPath={backToPath}
      {...(sharedFile ? { sharedFile } : {})}
    />
  );
}
