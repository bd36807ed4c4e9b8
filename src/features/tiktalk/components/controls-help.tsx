import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { CONTROLS_HELP_MS } from '../feed-constants.ts';
import { FeedIcon } from './feed-icons.tsx';

/** A device with a mouse or trackpad: it gets the controls help when the feed opens. */
export const isDesktopPointer = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/**
 * How to move through the feed without a touch screen; closes itself after CONTROLS_HELP_MS
 * (docs/product/listening.md "Short-video feed"). It does not hold the focus: the keys it
 * explains keep working while it is shown.
 */
export function ControlsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  useEffect(() => {
    const timer = setTimeout(onClose, CONTROLS_HELP_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <aside className="tiktalk-help" aria-labelledby="tiktalk-help-title" data-feed-control>
      <h2 id="tiktalk-help-title" className="tiktalk-help__title">
        <Trans>Controls</Trans>
      </h2>
      <dl className="tiktalk-help__list">
        <dt>
          <kbd>↑</kbd> <kbd>↓</kbd>
        </dt>
        <dd>
          <Trans>Previous or next wave (also the mouse wheel)</Trans>
        </dd>
        <dt>
          <Trans>Click</Trans>
        </dt>
        <dd>
          <Trans>Upper third: previous wave; below: next wave</Trans>
        </dd>
        <dt>
          <kbd>
            <Trans>Space</Trans>
          </kbd>
        </dt>
        <dd>
          <Trans>Pause or play</Trans>
        </dd>
        <dt>
          <kbd>M</kbd>
        </dt>
        <dd>
          <Trans>Sound on or off</Trans>
        </dd>
      </dl>
      <button type="button" className="tiktalk-help__close" onClick={onClose}>
        <FeedIcon name="close" />
        <span className="visually-hidden">{t`Close the controls help`}</span>
      </button>
    </aside>
  );
}
