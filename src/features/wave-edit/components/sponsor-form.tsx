import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { SPONSOR_NAME_MAX } from '../../../api/contract/constants.ts';
import type { WaveMetadata } from '../../../api/contract/wave.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useSponsorWave } from '../api/sponsor-wave.ts';

/** Site admins mark a wave sponsored (docs/product/listening.md "Sponsored waves"). */
export function SponsorForm({ wave }: { wave: WaveMetadata }) {
  const { t } = useLingui();
  const id = useId();
  const sponsor = useSponsorWave(wave.wave_name);
  const [sponsored, setSponsored] = useState(wave.is_sponsored);
  const [name, setName] = useState(wave.sponsor_name ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const reply = await sponsor.mutateAsync({ isSponsored: sponsored, sponsorName: name, logo });
      if (reply.success) {
        setErrors({});
        setLogo(null);
        notify(
          sponsored ? t`The wave is marked as sponsored.` : t`The wave is no longer sponsored.`,
          {
            kind: 'success',
          },
        );
        return;
      }
      setErrors(reply.formFieldErrorMessages);
      const messages = Object.values(reply.formFieldErrorMessages);
      for (const message of messages.length > 0 ? messages : [reply.message]) {
        notify(translateServerMessage(message));
      }
    } catch (error) {
      notify(requestFailureText(error));
    }
  };

  return (
    <section className="card edit-wave__sponsor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Sponsorship</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Only site admins see this. Sponsored waves carry a label and the logo in every list.
        </Trans>
      </p>
      <form className="form" onSubmit={(event) => void save(event)} noValidate>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={sponsored}
            onChange={(event) => setSponsored(event.target.checked)}
          />
          <Trans>Sponsored wave</Trans>
        </label>
        {sponsored && (
          <>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-name`}>
                <Trans>Sponsor name</Trans>
              </label>
              <input
                id={`${id}-name`}
                className="input"
                value={name}
                maxLength={SPONSOR_NAME_MAX + 10}
                onChange={(event) => setName(event.target.value)}
                aria-invalid={errors['sponsor_name'] ? true : undefined}
              />
              {errors['sponsor_name'] && (
                <span className="field__error">
                  {translateServerMessage(errors['sponsor_name'])}
                </span>
              )}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-logo`}>
                <Trans>Logo (optional)</Trans>
              </label>
              {wave.sponsor_logo && !logo && (
                <img
                  className="edit-wave__logo"
                  src={wave.sponsor_logo}
                  alt={t`Current logo`}
                  width={48}
                  height={48}
                />
              )}
              <input
                id={`${id}-logo`}
                type="file"
                accept="image/webp,image/gif,image/jpeg,image/png,image/bmp"
                onChange={(event) => setLogo(event.target.files?.[0] ?? null)}
                aria-invalid={errors['logo'] ? true : undefined}
              />
              {errors['logo'] && (
                <span className="field__error">{translateServerMessage(errors['logo'])}</span>
              )}
            </div>
          </>
        )}
        <div className="edit-wave__actions">
          <button type="submit" className="button" disabled={sponsor.isPending}>
            {sponsor.isPending ? <Trans>Saving…</Trans> : <Trans>Save sponsorship</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}
