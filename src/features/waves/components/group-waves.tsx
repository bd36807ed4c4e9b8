import { useLingui } from '@lingui/react/macro';
import { RecordButton } from './record-button.tsx';
import { WaveList } from './wave-list.tsx';

/**
 * The messages tab of a chat group (docs/product/channels-and-groups.md "Chat groups"): the
 * record button into the group and its waves, for members only; the group's frame (name, tabs,
 * the not-found view for everyone else) is drawn around it by the groups feature.
 */
export function GroupWaves({
  channelId,
  channelName,
  waveName,
}: {
  channelId: number;
  channelName: string;
  waveName?: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      <div className="group-waves__actions">
        <RecordButton channelId={channelId} backToPath={`/chat/${channelName}`} />
      </div>
      <WaveList
        source={{ kind: 'chatgroup', channelName }}
        selectedWaveName={waveName}
        emptyText={t`No messages in this group yet. Record the first one!`}
      />
    </>
  );
}
