import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, useWatch } from 'react-hook-form';
import { ApiFailure } from '../../../api/client.ts';
import { ABOUT_MAX, DISPLAYNAME_MAX } from '../../../api/contract/constants.ts';
import {
  profileUpdateSchema,
  type CurrentUser,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '../../../api/contract/user.ts';
import { CountryRegionFields } from '../../../components/forms/country-region-fields.tsx';
import { FormField } from '../../../components/forms/form-field.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { CharacterCounter } from './character-counter.tsx';

type FieldName = keyof ProfileUpdateInput;
const fieldNames: FieldName[] = [
  'displayname',
  'about',
  'usercountrycode',
  'userregionname',
  'private_by_default',
  'play_beep',
];

/**
 * The profile fields (docs/product/accounts.md "Profile settings"): display name (≤ 50), location
 * (country and region, required), about you (≤ 160), private by default and play beep.
 */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      displayname: user.displayname,
      about: user.about,
      usercountrycode: user.usercountrycode,
      userregionname: user.userregionname,
      private_by_default: user.private_by_default,
      play_beep: user.play_beep,
    },
  });
  const { errors } = form.formState;
  const [displayname, about, country, region] = useWatch({
    control: form.control,
    name: ['displayname', 'about', 'usercountrycode', 'userregionname'],
  });
  const errorOf = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? translateServerMessage(message) : undefined;
  };

  const submit = form.handleSubmit((values) =>
    update.mutateAsync(values).then(
      () => notify(t`Your profile is saved.`, { kind: 'success' }),
      (error: unknown) => {
        if (error instanceof ApiFailure) {
          for (const [field, message] of Object.entries(error.reply.formFieldErrorMessages)) {
            if (fieldNames.includes(field as FieldName)) {
              form.setError(field as FieldName, { message });
            }
          }
        }
        notify(translateServerMessage((error as Error).message));
      },
    ),
  );

  return (
    <form className="form card profiles-settings__section" onSubmit={submit} noValidate>
      <h2>
        <Trans>About you</Trans>
      </h2>
      <FormField
        label={t`Display name`}
        hint={t`Shown instead of your username. At most ${DISPLAYNAME_MAX} characters.`}
        error={errorOf('displayname')}
        extra={<CharacterCounter length={(displayname ?? '').length} max={DISPLAYNAME_MAX} />}
      >
        {(control) => (
          <input
            {...control}
            {...form.register('displayname')}
            className="input"
            autoComplete="nickname"
          />
        )}
      </FormField>
      <FormField
        label={t`About you`}
        hint={t`A few words for your profile. At most ${ABOUT_MAX} characters.`}
        error={errorOf('about')}
        extra={<CharacterCounter length={(about ?? '').length} max={ABOUT_MAX} />}
      >
        {(control) => (
          <textarea {...control} {...form.register('about')} className="textarea" rows={3} />
        )}
      </FormField>
      <CountryRegionFields
        country={country ?? ''}
        region={region ?? ''}
        countryError={errorOf('usercountrycode')}
        regionError={errorOf('userregionname')}
        onCountryChange={(code, firstRegion) => {
          form.setValue('usercountrycode', code, { shouldDirty: true });
          form.setValue('userregionname', firstRegion, { shouldDirty: true });
        }}
        onRegionChange={(name) =>
          form.setValue('userregionname', name, { shouldDirty: true, shouldValidate: true })
        }
        countryAutoComplete="country"
      />
      <div className="checkbox">
        <input
          id="profile-private-by-default"
          type="checkbox"
          {...form.register('private_by_default')}
          aria-describedby="profile-private-by-default-hint"
        />
        <div>
          <label htmlFor="profile-private-by-default" className="field__label">
            <Trans>Private by default</Trans>
          </label>
          <p id="profile-private-by-default-hint" className="field__hint">
            <Trans>New waves start as private unless you choose otherwise.</Trans>
          </p>
        </div>
      </div>
      <div className="checkbox">
        <input
          id="profile-play-beep"
          type="checkbox"
          {...form.register('play_beep')}
          aria-describedby="profile-play-beep-hint"
        />
        <div>
          <label htmlFor="profile-play-beep" className="field__label">
            <Trans>Play beep</Trans>
          </label>
          <p id="profile-play-beep-hint" className="field__hint">
            <Trans>A short click-and-beep sound plays before each wave.</Trans>
          </p>
        </div>
      </div>
      <div className="profiles-settings__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t`Saving…` : t`Save profile`}
        </button>
      </div>
    </form>
  );
}
