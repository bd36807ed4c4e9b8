import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  type LanguageCode,
} from '../../../api/contract/constants.ts';
import { newChannelFormSchema, type NewChannelFormValues } from '../../../api/contract/channel.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useCreateChannel } from '../api/create-channel.ts';

/** The channel creation form (docs/product/channels-and-groups.md "Creating a channel"), shown only to those allowed. */
export function NewChannelForm({ language }: { language: LanguageCode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const create = useCreateChannel();
  const form = useForm<NewChannelFormValues>({
    resolver: zodResolver(newChannelFormSchema),
    defaultValues: { channel_name: '', description: '', language_code_ui: language },
  });
  const errors = form.formState.errors;
  const nameLength = useWatch({ control: form.control, name: 'channel_name' })?.length ?? 0;
  const descriptionLength = useWatch({ control: form.control, name: 'description' })?.length ?? 0;

  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await create.mutateAsync(values);
      if (reply.success && reply.data) {
        notify(t`Channel created.`, { kind: 'success' });
        await navigate({
          to: '/c/$channel_name/{-$wave_name}',
          params: { channel_name: reply.data.channel_name, wave_name: undefined },
        });
        return;
      }
      const fields = Object.entries(reply.formFieldErrorMessages);
      for (const [field, message] of fields) {
        form.setError(field as keyof NewChannelFormValues, { message });
      }
      notify(
        t`Failed to create channel: ${translateServerMessage(fields[0]?.[1] ?? reply.message)}`,
      );
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Failed to create channel: ${translateServerMessage((error as Error).message)}`,
      );
    }
  });

  return (
    <form
      className="form card"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="new-channel-title"
    >
      <h2 id="new-channel-title">
        <Trans>Create a channel</Trans>
      </h2>
      <div className="field">
        <label className="field__label" htmlFor="channel-name">
          <Trans>Name</Trans>
        </label>
        <input
          id="channel-name"
          className="input"
          aria-invalid={errors.channel_name ? true : undefined}
          aria-describedby="channel-name-hint"
          {...form.register('channel_name')}
        />
        <span id="channel-name-hint" className="field__hint">
          {nameLength}/{CHANNEL_NAME_MAX}
        </span>
        {errors.channel_name?.message && (
          <span className="field__error">
            {translateServerMessage(errors.channel_name.message)}
          </span>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="channel-description">
          <Trans>Description</Trans>
        </label>
        <input
          id="channel-description"
          className="input"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="channel-description-hint"
          {...form.register('description')}
        />
        <span id="channel-description-hint" className="field__hint">
          {descriptionLength}/{CHANNEL_DESCRIPTION_MAX}
        </span>
        {errors.description?.message && (
          <span className="field__error">{translateServerMessage(errors.description.message)}</span>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor="channel-language">
          <Trans>Language</Trans>
        </label>
        <select id="channel-language" className="select" {...form.register('language_code_ui')}>
          <option value="en">English</option>
          <option value="de">Deutsch</option>
        </select>
        {errors.language_code_ui?.message && (
          <span className="field__error">
            {translateServerMessage(errors.language_code_ui.message)}
          </span>
        )}
      </div>
      <button type="submit" className="button button--primary" disabled={create.isPending}>
        {create.isPending ? <Trans>Creating…</Trans> : <Trans>Create channel</Trans>}
      </button>
    </form>
  );
}
