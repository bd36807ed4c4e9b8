import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { NewWaveBody } from '../../../api/contract/recording.ts';
import { recordingMessages } from '../../../api/contract/recording-limits.ts';
import type { CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { getRecording, updateRecording } from '../../../lib/recording/recording-store.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { enqueueUpload } from '../../../lib/upload-queue/upload-queue.ts';
import { createWaveNow } from '../api/create-wave.ts';
import type { Take } from './use-recorder.ts';

/** Where a take is published: a channel, or as a reply to a wave; then back to `backToPath`. */
export interface RecorderTarget {
  channelId?: number;
  replyTo?: string;
  backToPath: string;
}

/**
 * Saving a take: the optional title, the captcha of anonymous recording, creating the wave right
 * away when online (so refusals reach the recorder) and handing the audio to the persistent
 * upload queue.
 */
export function useSaveTake({
  take,
  target: { channelId, replyTo, backToPath },
  anonymous,
  beforeSave,
}: {
  take: Take | null;
  target: RecorderTarget;
  anonymous: boolean;
  /** Runs once the save starts (the take's playback stops). */
  beforeSave: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  const onCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError(null);
  };

  async function save() {
    if (saving) {
      notify(translateServerMessage(recordingMessages.uploadInProgress));
      return;
    }
    if (!take) return;
    if (anonymous && !captcha) {
      setCaptchaError(translateServerMessage(recordingMessages.captchaRequired));
      notify(translateServerMessage(recordingMessages.captchaRequired));
      return;
    }
    const language = storedLanguage();
    if (!language) {
      notify(translateServerMessage(recordingMessages.languageInvalid));
      return;
    }
    if (channelId === undefined && replyTo === undefined) {
      notify(translateServerMessage(recordingMessages.missingChannel));
      return;
    }
    setSaving(true);
    beforeSave();
    const id = crypto.randomUUID();
    const body: NewWaveBody = {
      language_code_ui: language,
      ...(replyTo ? { in_reply_to_wave_wave_name: replyTo } : { channel_id: channelId }),
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(captcha ? { captcha } : {}),
    };
    try {
      const created = await createWaveNow({ ...body, idempotency_key: id });
      if (created.kind === 'refused') {
        // The captcha works once: a new one for the next attempt.
        if (anonymous) captchaRef.current?.reset();
        const message = Object.values(created.fields)[0] ?? created.message;
        if (created.message === recordingMessages.cannotReplyToReply) {
          notify(translateServerMessage(recordingMessages.cannotReplyToReply));
          await navigate({ to: backToPath });
          return;
        }
        notify(translateServerMessage(message || recordingMessages.uploadFailed));
        return;
      }
      const common = {
        id,
        body,
        backToPath,
        ...(created.kind === 'created'
          ? { waveName: created.data.wave_name, uploadToken: created.data.upload_token }
          : {}),
      };
      if (take.kind === 'recording') {
        const meta = (await getRecording(take.meta.id)) ?? take.meta;
        await updateRecording(meta.id, { state: 'queued' });
        await enqueueUpload({
          ...common,
          source: { kind: 'recording', recordingId: meta.id },
          mimeType: meta.mimeType,
          bytes: meta.bytes,
        });
      } else {
        await enqueueUpload(
          {
            ...common,
            source: { kind: 'file', fileName: take.file.name },
            mimeType: take.file.type || 'application/octet-stream',
            bytes: take.file.size,
          },
          take.file,
        );
      }
      if (channelId !== undefined) storage.set('last_used_channel_id', String(channelId));
      notify(
        created.kind === 'offline'
          ? t`Saved on this device. It uploads as soon as you are online again.`
          : t`Your wave was saved. It should appear within a few minutes.`,
        { kind: 'success' },
      );
      await navigate({ to: backToPath });
    } finally {
      setSaving(false);
    }
  }

  return { title, setTitle, captchaRef, captchaError, onCaptcha, saving, save };
}
