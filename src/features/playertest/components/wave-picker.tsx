import { Trans } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { RecentWaves } from './recent-waves.tsx';

/** A wave by its name, or one of the newest: both test pages start here. */
export function WavePicker({
  onLoad,
  submitLabel,
  busy = false,
  problem,
}: {
  onLoad: (waveName: string) => void;
  submitLabel: ReactNode;
  busy?: boolean;
  problem?: string | null;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const load = (waveName: string) => {
    setName(waveName);
    onLoad(waveName);
  };
  return (
    <>
      <form
        className="pt-load"
        onSubmit={(event) => {
          event.preventDefault();
          load(name);
        }}
      >
        <label className="field__label" htmlFor={`${id}-name`}>
          <Trans>Wave name</Trans>
        </label>
        <div className="pt-row">
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Trans>Loading…</Trans> : submitLabel}
          </button>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </form>
      <RecentWaves onPick={load} />
    </>
  );
}
