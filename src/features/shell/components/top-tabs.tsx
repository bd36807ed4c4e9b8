import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { featureFlags } from '../../../lib/feature-flags.ts';

/** Top tabs (content §2): messages, chat groups (when enabled), channels, people, about. */
export function TopTabs() {
  const { t } = useLingui();
  const tabs = [
    { to: '/newest', label: t({ message: 'Messages', context: 'tab' }), show: true },
    { to: '/chatgroups', label: t`Chat groups`, show: featureFlags.enableGroups },
    { to: '/channels', label: t`Channels`, show: true },
    { to: '/people', label: t`People`, show: true },
    { to: '/about', label: t`About`, show: true },
  ] as const;
  return (
    <nav className="top-tabs" aria-label={t`Sections`}>
      <ul className="top-tabs__list">
        {tabs
          .filter((tab) => tab.show)
          .map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className="top-tabs__tab"
                activeProps={{
                  className: 'top-tabs__tab top-tabs__tab--active',
                  'aria-current': 'page',
                }}
              >
                {tab.label}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
