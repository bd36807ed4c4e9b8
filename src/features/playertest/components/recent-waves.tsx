import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration } from '../../../lib/format.ts';
import { useRecentWaves } from '../api/get-recent-waves.ts';

/** The newest waves of the interface language, one tap to pick for a test. */
export function RecentWaves({ onPick }: { onPick: (waveName: string) => void }) {
  const { t, i18n } = useLingui();
  const recent = useRecentWaves(i18n.locale);
  if (recent.isPending) return null;
  if (recent.isError || recent.data.length === 0) {
    return (
      <p className="muted pt-recent-empty">
        <Trans>No recent waves to pick from; type a wave’s name.</Trans>
      </p>
    );
  }
  return (
    <div className="pt-recent">
      <p className="field__label">
        <Trans>Or pick a recent wave</Trans>
      </p>
      <ul className="pt-recent__list">
        {recent.data.map((wave) => (
          <li key={wave.wave_name}>
            <button
              type="button"
              className="button button--small pt-recent__pick"
              onClick={() => onPick(wave.wave_name)}
              title={wave.wave_name}
            >
              <span className="pt-recent__label">
                {wave.title || t`Untitled wave`} ({formatDuration(wave.duration)})
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
