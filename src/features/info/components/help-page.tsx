import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { SignedInOnly } from '../../../components/sign-in/sign-in-required.tsx';
import './info.css';

/** /help (docs/product/shell.md "Information pages"): what waves are and how Waves works. */
export function HelpPage() {
  const { t } = useLingui();
  return (
    <SignedInOnly title={t`Help`}>
      <div className="page page--narrow info-page">
        <section className="card info-section" aria-labelledby="help-title">
          <h1 id="help-title">
            <Trans>Help</Trans>
          </h1>
          <h2>
            <Trans>What is a wave?</Trans>
          </h2>
          <p>
            <Trans>
              A wave is a short voice message. You record it in the browser or upload an audio file,
              give it a title and publish it in a channel, or as a reply to another wave. Everyone
              can listen to public waves, like them and reply.
            </Trans>
          </p>
          <p>
            <Link to="/help/{-$topic}" params={{ topic: 'waves' }}>
              <Trans>Waves made of code: cloning, code, user input and the data object</Trans>
            </Link>
          </p>
          <h2>
            <Trans>Listening</Trans>
          </h2>
          <ul className="info-help-list">
            <li>
              <Trans>
                Tap a wave to play it. With autoplay on, the next wave of the list follows.
              </Trans>
            </li>
            <li>
              <Trans>
                A short beep plays before each wave; you can switch it off in your profile settings.
              </Trans>
            </li>
            <li>
              <Trans>
                Newest, trending and following are lists across the whole site; every channel and
                every member has a list of their own.
              </Trans>
            </li>
          </ul>
          <h2>
            <Trans>Recording</Trans>
          </h2>
          <ul className="info-help-list">
            <li>
              <Trans>
                Use the record button, choose a channel, record, listen to it, then save.
              </Trans>
            </li>
            <li>
              <Trans>
                You can upload audio files of up to 100 MB and 70 minutes. Guests record up to 10
                minutes and solve a short check first.
              </Trans>
            </li>
            <li>
              <Trans>
                After saving, your wave appears within a few minutes, even if your connection drops
                in between.
              </Trans>
            </li>
          </ul>
          <h2>
            <Trans>Following, likes and karma</Trans>
          </h2>
          <p>
            <Trans>
              Follow people on their page or in the <Link to="/people">people list</Link> to find
              their new waves under “following”. Every like your waves receive adds to your karma.
            </Trans>
          </p>
          <h2>
            <Trans>Your profile</Trans>
          </h2>
          <p>
            <Trans>
              In <Link to="/profilesettings">profile settings</Link> you choose your display name,
              location, a few words about you, a profile image and a banner. Verify your phone
              number there to join chat groups for verified phones.
            </Trans>
          </p>
          <h2>
            <Trans>Still stuck?</Trans>
          </h2>
          <p>
            <Link to="/support">
              <Trans>Contact support</Trans>
            </Link>
          </p>
        </section>
      </div>
    </SignedInOnly>
  );
}
