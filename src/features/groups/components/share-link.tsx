import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { notify } from '../../../components/ui/notices.tsx';

/** The group's shareable link: `/chatinvitation/{code}` on this site, with a copy button. */
export function invitationLink(code: string): string {
  return `${window.location.origin}/chatinvitation/${encodeURIComponent(code)}`;
}

export function ShareLink({ code }: { code: string }) {
  const { t } = useLingui();
  const id = useId();
  const link = invitationLink(code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(t`Link copied to clipboard!`, { kind: 'success' });
    } catch (error) {
      // A failed copy is only logged (docs/product/listening.md "Share links"); the link stays
      // selectable in the field.
      console.warn('clipboard write failed', error);
    }
  };
  return (
    <div className="field groups__share">
      <label className="field__label" htmlFor={id}>
        <Trans>The group's link</Trans>
      </label>
      <div className="groups__share-row">
        <input
          id={id}
          className="input"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          <Trans>Copy</Trans>
        </button>
      </div>
      <span className="field__hint">
        <Trans>Whoever has this link can ask to join; the group's rule still applies.</Trans>
      </span>
    </div>
  );
}
