import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiFailure } from '../../../api/client.ts';
import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from '../../../api/contract/constants.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useUploadProfileImage, type ProfileImageKind } from '../api/upload-profile-image.ts';

const ACCEPT =
  'image/webp,image/gif,image/jpeg,image/png,image/bmp,.webp,.gif,.jpg,.jpeg,.png,.bmp';

/**
 * Choose a profile image or banner: shown at once as a preview, uploaded with a progress bar,
 * and checked by the server (by content; docs/product/accounts.md "Profile images"). A refusal
 * restores the current image.
 */
export function ImagePicker({
  kind,
  label,
  hint,
  currentUrl,
  buttonText,
}: {
  kind: ProfileImageKind;
  label: string;
  hint: string;
  currentUrl: string;
  buttonText: string;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage(kind);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setError(translateServerMessage(profileMessages.imageTooBig));
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          setPreview(null);
          notify(kind === 'avatar' ? t`Your profile image is saved.` : t`Your banner is saved.`, {
            kind: 'success',
          });
        },
        onError: (failure) => {
          setPreview(null);
          const fieldMessage =
            failure instanceof ApiFailure ? failure.reply.formFieldErrorMessages[kind] : undefined;
          setError(translateServerMessage(fieldMessage ?? failure.message));
        },
      },
    );
  };

  return (
    <div className="profiles-image-picker">
      <span className="field__label" id={`${inputId}-label`}>
        {label}
      </span>
      <div
        className={`profiles-image-picker__preview profiles-image-picker__preview--${kind}`}
        data-testid={`${kind}-preview`}
      >
        <img
          src={preview ?? currentUrl}
          alt=""
          width={kind === 'avatar' ? 128 : 1000}
          height={kind === 'avatar' ? 128 : 100}
        />
      </div>
      <div className="profiles-image-picker__row">
        <input
          ref={input}
          id={inputId}
          className="profiles-image-picker__input"
          type="file"
          accept={ACCEPT}
          disabled={upload.isPending}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={Boolean(error)}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <label htmlFor={inputId} className="button button--small" aria-disabled={upload.isPending}>
          {buttonText}
        </label>
        {upload.isPending && (
          <progress
            className="profiles-progress"
            max={100}
            value={progress}
            aria-label={t`Upload progress`}
          />
        )}
      </div>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
