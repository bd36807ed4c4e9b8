import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { FeedTab } from '../feed-context.ts';
import { FeedIcon, type FeedIconName } from './feed-icons.tsx';

/**
 * Home, Discover, Create, Subs and Library (docs/product/listening.md "Short-video feed"). A
 * tab starts its own stack afresh; Create opens the recorder. Memoised: a swipe re-renders the
 * feed's screen, not its tabs.
 */
export const FeedBottomNav = memo(function FeedBottomNav({
  tab,
  atRoot,
  onTab,
}: {
  tab: FeedTab;
  /** Nothing is opened on top of the tab. */
  atRoot: boolean;
  onTab: (tab: FeedTab) => void;
}) {
  const { t } = useLingui();
  const item = (target: FeedTab, icon: FeedIconName, label: string) => (
    <li>
      <button
        type="button"
        className="tiktalk-nav__item"
        aria-current={tab === target && atRoot ? 'page' : undefined}
        onClick={() => onTab(target)}
      >
        <FeedIcon name={icon} />
        <span>{label}</span>
      </button>
    </li>
  );
  return (
    <nav className="tiktalk-nav" aria-label={t`Feeds`}>
      <ul className="tiktalk-nav__list">
        {item('foryou', 'home', t({ message: 'Home', context: 'feed tab' }))}
        {item('discover', 'discover', t({ message: 'Discover', context: 'feed tab' }))}
        <li>
          <Link
            to="/recorder/{-$channel_id}"
            params={{ channel_id: undefined }}
            className="tiktalk-nav__item tiktalk-nav__create"
          >
            <FeedIcon name="create" />
            <span>{t({ message: 'Create', context: 'feed tab' })}</span>
          </Link>
        </li>
        {item('following', 'subs', t({ message: 'Subs', context: 'feed tab' }))}
        {item('library', 'library', t({ message: 'Library', context: 'feed tab' }))}
      </ul>
    </nav>
  );
});
