import { Link } from '@tanstack/react-router';

/** Nutzungsbedingungen und Datenschutzerklärung auf Deutsch (inhaltsgleich mit der englischen). */
export function TermsContentDe() {
  return (
    <>
      <p>
        Waves ist ein Ort, um kurze Sprachnachrichten („Waves“) aufzunehmen, zu teilen und
        anzuhören. Diese Bedingungen erklären die Regeln für die Nutzung von Waves und was mit
        deinen Daten geschieht. Wenn du ein Konto erstellst oder die Seite nutzt, stimmst du ihnen
        zu.
      </p>

      <h2>1. Dein Konto</h2>
      <ul>
        <li>
          Für ein Konto brauchst du eine gültige E-Mail-Adresse. Wir schicken dir einen Link, mit
          dem du sie bestätigst.
        </li>
        <li>
          Behalte dein Passwort für dich. Du bist verantwortlich für das, was unter deinem Konto
          geschieht.
        </li>
        <li>
          Du kannst auch als Gast eintreten: Gäste teilen sich den öffentlichen Benutzer „anonymous“
          und müssen vor dem Aufnehmen eine kleine Prüfung lösen.
        </li>
        <li>
          Eine Person, ein Konto. Konten, die sich als jemand anderes ausgeben, können entfernt
          werden.
        </li>
      </ul>

      <h2>2. Was du veröffentlichst</h2>
      <ul>
        <li>
          Deine Waves bleiben deine. Mit dem Veröffentlichen erlaubst du uns, sie zu speichern, in
          Formate umzuwandeln, die Browser abspielen können, und sie anderen Besuchern dort zu
          zeigen, wo du sie veröffentlicht hast (zum Beispiel in einem öffentlichen Kanal oder in
          einer Chatgruppe nur für deren Mitglieder).
        </li>
        <li>
          Veröffentliche nichts Rechtswidriges, Hasserfülltes oder Bedrohliches, keine sexuellen
          Inhalte mit Minderjährigen, keine privaten Daten anderer, keinen Spam und keine Aufnahmen,
          die du nicht teilen darfst.
        </li>
        <li>
          Respektiere die Menschen, mit denen du sprichst. Wir können Inhalte entfernen und Konten
          sperren, die gegen diese Regeln verstoßen, und arbeiten mit Behörden zusammen, wo das
          Gesetz es verlangt.
        </li>
        <li>Du kannst deine eigenen Waves jederzeit löschen.</li>
      </ul>

      <h2>3. Was wir speichern und warum</h2>
      <ul>
        <li>
          <strong>Kontodaten:</strong> Benutzername, E-Mail-Adresse, ein Einweg-Hash deines
          Passworts (nie das Passwort selbst), Land und Region, Sprache der Oberfläche und was du
          deinem Profil hinzufügst (Anzeigename, Über-mich-Text, Bilder, Telefonnummer, wenn du eine
          bestätigst). Wir brauchen diese Daten, um dein Konto zu führen und dein Profil zu zeigen.
        </li>
        <li>
          <strong>Inhalte:</strong> deine Waves, Likes, gefolgte Personen und Mitgliedschaften in
          Chatgruppen, um den Dienst zu erbringen.
        </li>
        <li>
          <strong>Sicherheit:</strong> Anmeldesitzungen (mit dem Namen des Browsers) und für
          höchstens einen Tag Zähler pro IP-Adresse und E-Mail-Adresse, die vor Missbrauch wie dem
          Erraten von Passwörtern schützen. Prüfaufgaben werden nur bis zu ihrem Ablauf aufbewahrt.
        </li>
        <li>
          <strong>E-Mails:</strong> Wir senden nur, was dein Konto braucht: den Bestätigungslink und
          die Links zum Zurücksetzen des Passworts, die du anforderst. Keine Newsletter, keine
          Werbung.
        </li>
      </ul>
      <p>
        Wir verkaufen deine Daten nicht, zeigen keine Werbung und nutzen keine Tracking- oder
        Analysedienste. Die Prüfung im Registrierungsformular läuft auf unserem eigenen Server.
      </p>

      <h2>4. Cookies und Browser-Speicher</h2>
      <p>
        Waves verwendet ein Cookie: Es hält dich angemeldet (beim Abmelden wird es gelöscht). Der
        lokale Speicher deines Browsers enthält deine Sprache, deine Zustimmung zu diesem Hinweis,
        deine Anmeldung und Einstellungen des Players wie die Lautstärke. Aufnahmen, die noch
        hochgeladen werden müssen, bleiben in deinem Browser, bis sie gesendet sind. Nichts davon
        wird für Werbung verwendet.
      </p>

      <h2>5. Deine Rechte</h2>
      <p>
        Du kannst dein Profil jederzeit ansehen und ändern, deine Waves löschen und von uns eine
        Kopie deiner Daten oder die Löschung deines Kontos verlangen. Nach der DSGVO hast du
        außerdem das Recht auf Berichtigung, Einschränkung und Widerspruch sowie das Recht, dich bei
        einer Datenschutzaufsichtsbehörde zu beschweren. Schreib uns über die Adressen auf der{' '}
        <Link to="/about">Über-uns-Seite</Link>.
      </p>

      <h2>6. Verfügbarkeit und Haftung</h2>
      <p>
        Wir arbeiten daran, dass Waves läuft, können aber nicht versprechen, dass es immer verfügbar
        und fehlerfrei ist. Bewahre eigene Kopien von Aufnahmen auf, die dir wichtig sind. Für
        Vorsatz und grobe Fahrlässigkeit haften wir unbeschränkt, im Übrigen nur, soweit das Gesetz
        es vorschreibt.
      </p>

      <h2>7. Änderungen</h2>
      <p>
        Wenn wir diese Bedingungen ändern, zeigen wir das auf der Seite an. Wenn du Waves nach einer
        Änderung weiter nutzt, gelten die neuen Bedingungen. Du kannst dein Konto jederzeit
        schließen.
      </p>
    </>
  );
}
