import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { WAVE_TITLE_MAX, WAVE_TITLE_MIN } from '../../../api/contract/constants.ts';
import {
  updateWaveMetadataBodySchema,
  type UpdateWaveMetadataBody,
  type WaveMetadata,
} from '../../../api/contract/wave.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useDeleteWave } from '../api/delete-wave.ts';
import { useUpdateWaveTitle } from '../api/update-wave-title.ts';
import { SponsorForm } from './sponsor-form.tsx';

/** Edit a wave's title, or delete it after a confirmation (docs/product/recording.md "Editing a wave"). */
export function EditWaveForm({ wave, isAdmin }: { wave: WaveMetadata; isAdmin: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const update = useUpdateWaveTitle(wave.wave_name);
  const remove = useDeleteWave(wave.wave_name);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<UpdateWaveMetadataBody>({
    resolver: zodResolver(updateWaveMetadataBodySchema),
    defaultValues: { title: wave.title },
  });
  const titleError = form.formState.errors.title?.message;
  const titleLength = useWatch({ control: form.control, name: 'title' })?.length ?? 0;

  const save = form.handleSubmit(async (values) => {
    try {
      const reply = await update.mutateAsync(values);
      if (reply.success) {
        notify(t`Title saved.`, { kind: 'success' });
        return;
      }
      for (const [field, message] of Object.entries(reply.formFieldErrorMessages)) {
        if (field === 'title') form.setError('title', { message });
        notify(translateServerMessage(message));
      }
      if (Object.keys(reply.formFieldErrorMessages).length === 0)
        notify(translateServerMessage(reply.message));
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Request error: ${translateServerMessage((error as Error).message)}`,
      );
    }
  });

  const deleteWave = async () => {
    try {
      const reply = await remove.mutateAsync();
      if (!reply.success) {
        notify(translateServerMessage(reply.message));
        return;
      }
      notify(t`The wave was deleted.`, { kind: 'success' });
      await navigate({
        to: '/u/$username/{-$wave_name}',
        params: { username: wave.username, wave_name: undefined },
      });
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Request error: ${translateServerMessage((error as Error).message)}`,
      );
    }
  };

  return (
    <div className="edit-wave">
      <form className="form card" onSubmit={(event) => void save(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="wave-title">
            <Trans>Title</Trans>
          </label>
          <input
            id="wave-title"
            className="input"
            maxLength={WAVE_TITLE_MAX + 20}
            aria-invalid={titleError ? true : undefined}
            aria-describedby="wave-title-hint wave-title-error"
            {...form.register('title')}
          />
          <span id="wave-title-hint" className="field__hint">
            <Trans>
              {WAVE_TITLE_MIN} to {WAVE_TITLE_MAX} characters · {titleLength}/{WAVE_TITLE_MAX}
            </Trans>
          </span>
          {titleError && (
            <span id="wave-title-error" className="field__error">
              {translateServerMessage(titleError)}
            </span>
          )}
        </div>
        {wave.ai_headlines.length > 0 && (
          <div
            className="edit-wave__suggestions"
            role="group"
            aria-labelledby="wave-title-suggestions"
          >
            <span id="wave-title-suggestions" className="field__hint">
              <Trans>Suggestions:</Trans>
            </span>
            {wave.ai_headlines.map((headline) => (
              <button
                key={headline}
                type="button"
                className="button button--small"
                onClick={() =>
                  form.setValue('title', headline, { shouldValidate: true, shouldDirty: true })
                }
              >
                {headline}
              </button>
            ))}
          </div>
        )}
        <div className="edit-wave__actions">
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            {update.isPending ? <Trans>Saving…</Trans> : <Trans>Save title</Trans>}
          </button>
          <Link
            to="/u/$username/{-$wave_name}"
            params={{ username: wave.username, wave_name: wave.wave_name }}
            className="button button--ghost"
          >
            <Trans>Back to the wave</Trans>
          </Link>
        </div>
      </form>

      {isAdmin && <SponsorForm wave={wave} />}

      <section className="card edit-wave__danger" aria-labelledby="delete-title">
        <h2 id="delete-title">
          <Trans>Delete this wave</Trans>
        </h2>
        <p className="muted">
          <Trans>Deleting removes the wave, its replies and its audio for good.</Trans>
        </p>
        {confirming ? (
          <div className="edit-wave__confirm" role="group" aria-label={t`Confirm deletion`}>
            <p>
              <strong>
                <Trans>Really delete “{wave.title || wave.wave_name}”?</Trans>
              </strong>
            </p>
            <div className="edit-wave__actions">
              <button
                type="button"
                className="button button--danger"
                onClick={() => void deleteWave()}
                disabled={remove.isPending}
              >
                {remove.isPending ? <Trans>Deleting…</Trans> : <Trans>Yes, delete it</Trans>}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => setConfirming(false)}
                autoFocus
              >
                <Trans>Cancel</Trans>
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            <Trans>Delete wave</Trans>
          </button>
        )}
      </section>
    </div>
  );
}
