import { Link } from '@tanstack/react-router';

/** /recordinghelp/de: the German document (see recording-help-en.tsx for why it is not in the catalog). */
export function RecordingHelpDe() {
  return (
    <article className="prose page--narrow" lang="de">
      <h1>Hilfe zur Aufnahme</h1>
      <p>
        Waves nimmt über deinen Browser auf. Wenn der Rekorder meldet, dass er dein Mikrofon nicht
        nutzen kann, oder deine Wave stumm bleibt, helfen diese Schritte fast immer.
      </p>
      <h2>1. Mikrofon erlauben</h2>
      <ul>
        <li>
          <strong>Chrome, Edge, Samsung Internet (Android und Desktop):</strong> Tippe auf das
          Schloss- oder Einstellungssymbol links neben der Adresse, öffne <em>Berechtigungen</em>{' '}
          (oder <em>Website-Einstellungen</em>) und stelle <em>Mikrofon</em> auf <em>Zulassen</em>.
          Lade die Seite neu.
        </li>
        <li>
          <strong>Safari auf iPhone und iPad:</strong> Tippe in der Adressleiste auf <em>aA</em>,
          dann auf <em>Website-Einstellungen</em>, und stelle <em>Mikrofon</em> auf{' '}
          <em>Erlauben</em>. Prüfe auch <em>Einstellungen → Safari → Mikrofon</em>.
        </li>
        <li>
          <strong>Firefox:</strong> Klicke auf das Mikrofonsymbol in der Adressleiste, hebe die
          Sperre auf und lade neu.
        </li>
        <li>
          <strong>Installierte App:</strong> Die Berechtigung gehört zum Browser, der sie
          installiert hat; ändere sie dort oder in den Einstellungen deines Telefons bei den
          App-Berechtigungen des Browsers.
        </li>
      </ul>
      <h2>2. Dem Browser das Zuhören erlauben</h2>
      <ul>
        <li>
          Android: Einstellungen → Apps → dein Browser → Berechtigungen → Mikrofon → Zulassen.
        </li>
        <li>
          macOS: Systemeinstellungen → Datenschutz &amp; Sicherheit → Mikrofon → deinen Browser
          einschalten.
        </li>
        <li>
          Windows: Einstellungen → Datenschutz → Mikrofon → Desktop-Apps den Zugriff erlauben.
        </li>
      </ul>
      <h2>3. Das richtige Mikrofon wählen</h2>
      <p>
        Headsets und Bluetooth-Kopfhörer übernehmen das Mikrofon, sobald sie verbunden sind. Trenne
        sie oder wähle das gewünschte Mikrofon in den Toneinstellungen deines Systems und versuche
        es erneut. Die Pegelbalken im Rekorder bewegen sich, wenn Waves dich hört.
      </p>
      <h2>4. Eine andere App nutzt das Mikrofon</h2>
      <p>
        Ein Anruf, eine Videokonferenz oder ein Sprachassistent kann das Mikrofon belegen. Beende
        sie und drücke erneut auf Aufnehmen. Unterbricht ein Anruf eine Aufnahme, behält Waves alles
        bis zu diesem Moment und bietet an, es wiederherzustellen.
      </p>
      <h2>5. Klappt es immer noch nicht?</h2>
      <p>
        Nimm mit der Sprachmemo-App deines Telefons auf und nutze im Rekorder{' '}
        <em>Datei hochladen</em>: Die meisten Audiodateien bis 100 MB und 70 Minuten funktionieren.
        Oder schreib uns über die <Link to="/support">Support-Seite</Link>.
      </p>
    </article>
  );
}
