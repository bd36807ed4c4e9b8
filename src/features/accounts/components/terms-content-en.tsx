import { Link } from '@tanstack/react-router';

/** The terms of use and privacy policy in English (the German text says the same). */
export function TermsContentEn() {
  return (
    <>
      <p>
        Waves is a place to record, share and listen to short voice messages (“waves”). These terms
        explain the rules for using Waves and what happens with your data. By creating an account or
        using the site you agree to them.
      </p>

      <h2>1. Your account</h2>
      <ul>
        <li>
          You need a valid e-mail address to create an account. We send you a link to confirm it.
        </li>
        <li>
          Keep your password to yourself. You are responsible for what happens under your account.
        </li>
        <li>
          You can also enter as a guest: guests share the public user “anonymous” and must solve a
          small verification before recording.
        </li>
        <li>One person, one account. Accounts that impersonate others may be removed.</li>
      </ul>

      <h2>2. What you publish</h2>
      <ul>
        <li>
          Your waves stay yours. By publishing a wave you allow us to store it, convert it into
          formats browsers can play, and show it to other visitors in the places you published it to
          (for example a public channel, or a chat group for its members only).
        </li>
        <li>
          Do not publish anything illegal, hateful, threatening, sexual content involving minors,
          other people’s private information, spam, or recordings you have no right to share.
        </li>
        <li>
          Respect the people you talk to. We may remove content and suspend accounts that break
          these rules, and we cooperate with authorities where the law requires it.
        </li>
        <li>You can delete your own waves at any time.</li>
      </ul>

      <h2>3. What we store, and why</h2>
      <ul>
        <li>
          <strong>Account data:</strong> username, e-mail address, a one-way hash of your password
          (never the password itself), country and region, interface language, and what you add to
          your profile (display name, about text, images, phone number if you verify one). We need
          these to run your account and show your profile.
        </li>
        <li>
          <strong>Content:</strong> your waves, likes, follows, and chat-group memberships, to
          provide the service.
        </li>
        <li>
          <strong>Security:</strong> sign-in sessions (with the browser name), and for at most one
          day, counters per IP address and e-mail address that protect against abuse such as
          password guessing. Verification challenges are kept only until they expire.
        </li>
        <li>
          <strong>E-mails:</strong> we send only what your account needs: the confirmation link and
          password-reset links you ask for. No newsletters, no advertising.
        </li>
      </ul>
      <p>
        We do not sell your data, show advertising, or use tracking or analytics services. The
        verification on the sign-up form runs on our own server.
      </p>

      <h2>4. Cookies and browser storage</h2>
      <p>
        Waves uses one cookie: it keeps you signed in (it is deleted when you sign out). Your
        browser’s local storage keeps your language, your consent to this notice, your sign-in, and
        player settings such as the volume. Recordings waiting to be uploaded are kept in your
        browser until they are sent. None of this is used for advertising.
      </p>

      <h2>5. Your rights</h2>
      <p>
        You can see and change your profile at any time, delete your waves, and ask us for a copy of
        your data or for the deletion of your account. Under the GDPR you also have the right to
        rectification, restriction and objection, and to complain to a data-protection authority.
        Contact us through the addresses on the <Link to="/about">About page</Link>.
      </p>

      <h2>6. Availability and liability</h2>
      <p>
        We work to keep Waves running, but we cannot promise that it is always available or free of
        errors. Keep your own copies of recordings that matter to you. We are liable without limit
        for intent and gross negligence; otherwise only as far as the law requires.
      </p>

      <h2>7. Changes</h2>
      <p>
        When we change these terms we will show it on the site. If you keep using Waves after a
        change, the new terms apply. You can close your account at any time.
      </p>
    </>
  );
}
