import { Link } from '@tanstack/react-router';

/**
 * /recordinghelp/en. The two help pages are documents in one language each (the product gives them
 * separate addresses), so their text is written per language rather than through the catalog.
 */
export function RecordingHelpEn() {
  return (
    <article className="prose page--narrow" lang="en">
      <h1>Recording help</h1>
      <p>
        Waves records with your browser. If the recorder says it cannot use your microphone, or your
        wave comes out silent, these steps fix almost every case.
      </p>
      <h2>1. Allow the microphone</h2>
      <ul>
        <li>
          <strong>Chrome, Edge, Samsung Internet (Android and desktop):</strong> tap the lock or
          settings icon left of the address, open <em>Permissions</em> (or <em>Site settings</em>)
          and set <em>Microphone</em> to <em>Allow</em>. Reload the page.
        </li>
        <li>
          <strong>Safari on iPhone and iPad:</strong> tap <em>aA</em> in the address bar, then{' '}
          <em>Website Settings</em>, and set <em>Microphone</em> to <em>Allow</em>. Also check{' '}
          <em>Settings → Safari → Microphone</em>.
        </li>
        <li>
          <strong>Firefox:</strong> click the microphone icon in the address bar and remove the
          block, then reload.
        </li>
        <li>
          <strong>Installed app:</strong> the permission belongs to the browser that installed it;
          change it there, or in your phone’s settings under the browser’s app permissions.
        </li>
      </ul>
      <h2>2. Make sure the phone or computer lets the browser listen</h2>
      <ul>
        <li>Android: Settings → Apps → your browser → Permissions → Microphone → Allow.</li>
        <li>
          macOS: System Settings → Privacy &amp; Security → Microphone → turn on your browser.
        </li>
        <li>
          Windows: Settings → Privacy → Microphone → allow desktop apps to access the microphone.
        </li>
      </ul>
      <h2>3. Check the right microphone is used</h2>
      <p>
        Headsets and Bluetooth earphones take over the microphone when they connect. Disconnect
        them, or pick the microphone you want in your system’s sound settings, and try again. The
        level bars in the recorder move when Waves hears you.
      </p>
      <h2>4. Another app has the microphone</h2>
      <p>
        A call, a video meeting or a voice assistant can hold the microphone. End it, then press
        Record again. If a phone call interrupts a recording, Waves keeps what was recorded up to
        that moment and offers to recover it.
      </p>
      <h2>5. Still no luck?</h2>
      <p>
        Record with your phone’s voice recorder and use <em>Upload a file</em> in the recorder
        instead: most audio files up to 100 MB and 70 minutes work. Or write to us from the{' '}
        <Link to="/support">support page</Link>.
      </p>
    </article>
  );
}
