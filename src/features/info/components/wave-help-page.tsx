import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './info.css';

const DATA_EXAMPLE = `const data = {
  imageFiles: [
    'https://…/image-1.webp',
    'https://…/image-2.webp',
  ],
  videoFiles: ['https://…/video-1.mp4'],
  user_input_text: 'Happy birthday, Sam!',
};`;

/**
 * /help/waves (docs/product/shell.md "Information pages"): what waves are, how cloning works,
 * which code a wave may use, its user-input settings and the data object its code receives.
 * For everyone: it explains a format, nothing of an account.
 */
export function WaveHelpPage() {
  const { t } = useLingui();
  const settings: [string, string][] = [
    [t`Enable user input`, t`Whether someone who clones the wave is asked for their own content.`],
    [t`User input min images`, t`How many images they must choose at least.`],
    [t`User input max images`, t`How many images they may choose at most.`],
    [t`User input min videos`, t`How many videos they must choose at least.`],
    [t`User input max videos`, t`How many videos they may choose at most.`],
    [t`User input min text`, t`The shortest text they may enter, in characters.`],
    [t`User input max text`, t`The longest text they may enter, in characters.`],
    [t`User input text default`, t`The text used when they enter none.`],
  ];
  return (
    <div className="page page--narrow info-page">
      <p className="info-breadcrumb">
        <Link to="/help/{-$topic}" params={{ topic: undefined }}>
          ← <Trans>Help</Trans>
        </Link>
      </p>
      <section className="card info-section" aria-labelledby="wave-help-title">
        <h1 id="wave-help-title">
          <Trans>Waves: help for creators</Trans>
        </h1>
        <h2>
          <Trans>What is a wave?</Trans>
        </h2>
        <p>
          <Trans>
            A wave is a short message with your voice. Most waves are recorded in the browser or
            uploaded as audio. A wave can also be made of web code: a small page whose picture moves
            while your voice plays, rendered into a short video that anyone can watch and share.
          </Trans>
        </p>
        <p className="note">
          <Trans>
            Waves made of code are being prepared: today every wave you record is a voice message.
            This page describes how coded waves work, so you can get yours ready.
          </Trans>
        </p>
      </section>

      <section className="card info-section" aria-labelledby="clone-title">
        <h2 id="clone-title">
          <Trans>Cloning a wave</Trans>
        </h2>
        <p>
          <Trans>
            Cloning copies a wave’s code into a new wave of your own. You keep what the original
            does and change what you like — the words, the pictures, the colours — and the new wave
            is rendered again as its own video. The original stays as it was, and its creator is
            named on your copy.
          </Trans>
        </p>
        <p>
          <Trans>
            If the original accepts user input, cloning asks you for it: images, videos or a text,
            within the limits its creator set (see below).
          </Trans>
        </p>
      </section>

      <section className="card info-section" aria-labelledby="code-title">
        <h2 id="code-title">
          <Trans>What code a wave may use</Trans>
        </h2>
        <ul className="info-help-list">
          <li>
            <Trans>
              <strong>HTML</strong> for what is on the page.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>CSS</strong> for how it looks and moves: layout, colours, fonts, transitions
              and animations.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>JavaScript</strong> for behaviour, for example drawing on a canvas in time
              with the sound.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>WebGL</strong> for graphics drawn by the graphics card, in 2D or 3D.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            The code runs on a page of its own, apart from the rest of Waves: it cannot read your
            account, your cookies or other pages. Everything it shows comes with it or from the data
            object below. A video is rendered frame by frame, so let movement follow the time, not
            clicks or key presses.
          </Trans>
        </p>
      </section>

      <section className="card info-section" aria-labelledby="input-title">
        <h2 id="input-title">
          <Trans>User input settings</Trans>
        </h2>
        <p>
          <Trans>A wave’s creator decides what someone who clones it may bring:</Trans>
        </p>
        <dl className="info-settings">
          {settings.map(([name, meaning]) => (
            <div key={name} className="info-settings__row">
              <dt>{name}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card info-section" aria-labelledby="data-title">
        <h2 id="data-title">
          <Trans>The data object</Trans>
        </h2>
        <p>
          <Trans>The wave’s code receives what was chosen as one object with three fields:</Trans>
        </p>
        <ul className="info-help-list">
          <li>
            <Trans>
              <code>imageFiles</code>: a list of the chosen images, as URLs.
            </Trans>
          </li>
          <li>
            <Trans>
              <code>videoFiles</code>: a list of the chosen videos, as URLs.
            </Trans>
          </li>
          <li>
            <Trans>
              <code>user_input_text</code>: the text that was entered (or the default text).
            </Trans>
          </li>
        </ul>
        <pre className="info-code" tabIndex={0} aria-label={t`Example of the data object`}>
          <code>{DATA_EXAMPLE}</code>
        </pre>
        <p>
          <Trans>
            Lists may be empty, and the text may be empty unless a minimum is set: let your code
            show something good in every case.
          </Trans>
        </p>
      </section>
    </div>
  );
}
