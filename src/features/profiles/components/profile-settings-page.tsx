import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SignInRequired } from '../../../components/sign-in/sign-in-required.tsx';
import { avatarUrl, coverUrl } from '../../../lib/media-urls.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { ImagePicker } from './image-picker.tsx';
import { ProfileSettingsForm } from './profile-settings-form.tsx';
import './profiles.css';

/**
 * /profilesettings (docs/product/accounts.md "Profile settings"): the signed-in user edits their
 * own profile.
 */
export function ProfileSettingsPage() {
  const { t } = useLingui();
  const session = useSession();
  const me = useQuery({ ...currentUserQuery, enabled: session.signedIn });

  if (!session.signedIn) return <SignInRequired title={t`Profile settings`} />;
  if (me.isPending) {
    return (
      <section className="page page--narrow" aria-busy="true">
        <h1>
          <Trans>Profile settings</Trans>
        </h1>
        <p role="status" className="muted">
          <Trans>Loading your profile…</Trans>
        </p>
      </section>
    );
  }
  if (me.isError) {
    return (
      <section className="page page--narrow">
        <h1>
          <Trans>Profile settings</Trans>
        </h1>
        <p role="alert">
          {t`Request error ...`}
          {translateServerMessage(me.error.message)}
        </p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </section>
    );
  }
  const user = me.data;
  return (
    <section className="page page--narrow profiles-settings" aria-labelledby="settings-title">
      <div>
        <h1 id="settings-title">
          <Trans>Profile settings</Trans>
        </h1>
        <ul className="profiles-links">
          <li>
            <Link to="/u/$username/{-$wave_name}" params={{ username: user.username }}>
              <Trans>View your page</Trans>
            </Link>
          </li>
          <li>
            <Link to="/language" search={{ backto: 'profilesettings' }}>
              <Trans>Language</Trans>
            </Link>
          </li>
        </ul>
      </div>

      <div className="card profiles-settings__section">
        <h2>
          <Trans>Pictures</Trans>
        </h2>
        <ImagePicker
          kind="cover"
          label={t`Banner image`}
          buttonText={t`Change banner`}
          hint={t`Ideally 1000 × 100 pixels. WebP, GIF, JPEG, PNG or BMP, at most 10 MB.`}
          currentUrl={coverUrl(user.user_id, user.cover_version)}
        />
        <ImagePicker
          kind="avatar"
          label={t`Profile image`}
          buttonText={t`Change profile image`}
          hint={t`A square image works best. WebP, GIF, JPEG, PNG or BMP, at most 10 MB.`}
          currentUrl={avatarUrl(user.user_id, 512, user.avatar_version)}
        />
      </div>

      <ProfileSettingsForm key={user.user_id} user={user} />

      <div className="card profiles-settings__section">
        <h2>
          <Trans>Phone number</Trans>
        </h2>
        {user.phoneconfirmed && user.phone_number ? (
          <p>
            <Trans>
              Your phone number <strong>{user.phone_number}</strong> is confirmed.
            </Trans>
          </p>
        ) : (
          <p className="muted">
            <Trans>
              No phone number is confirmed yet. Chat groups for verified phones need one.
            </Trans>
          </p>
        )}
        <p>
          <Link to="/verifyphonenumber" className="button button--small">
            {user.phoneconfirmed ? t`Verify another number` : t`Verify your phone number`}
          </Link>
        </p>
      </div>
    </section>
  );
}
