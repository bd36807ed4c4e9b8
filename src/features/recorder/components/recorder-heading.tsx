import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { WaveMetadata } from '../../../api/contract/wave.ts';

/** What the recorder records into: a channel or a reply, and the wave a reply answers. */
export function RecorderHeading({
  isReply,
  channelName,
  groupName,
  replyTarget,
  channelMissing,
}: {
  isReply: boolean;
  channelName: string | undefined;
  /** A chat group's name: the group is named, not its channel path. */
  groupName?: string | undefined;
  replyTarget: WaveMetadata | undefined;
  channelMissing: boolean;
}) {
  const { t } = useLingui();
  const heading = isReply
    ? t`Record a reply`
    : groupName
      ? t`Record into the group “${groupName}”`
      : channelName
        ? t`Record into /c/${channelName}`
        : t`Record a wave`;
  return (
    <>
      <h1 id="recorder-title">{heading}</h1>
      {isReply && replyTarget && (
        <p className="muted">
          <Trans>
            In reply to “{replyTarget.title || replyTarget.wave_name}” by @{replyTarget.username}
          </Trans>
        </p>
      )}
      {channelMissing && (
        <p className="field__error" role="alert">
          <Trans>This channel does not exist.</Trans>{' '}
          <Link to="/recorder/{-$channel_id}" params={{ channel_id: undefined }}>
            <Trans>Choose another channel</Trans>
          </Link>
        </p>
      )}
    </>
  );
}
