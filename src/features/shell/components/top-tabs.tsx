import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { featureFlags } from '../../../lib/feature-flags.ts';

/** The group area's paths beyond /chatgroups itself: a group, its tabs, a new group, an invitation. */
const GROUP_AREA = /^\/chat(\/|invitation\/)/;

/** Top tabs (content §2): messages, chat groups (when enabled), channels, people, about. */
export function TopTabs() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tabs = [
    { to: '/newest', label: t({ message: 'Messages', context: 'tab' }), show: true },
    {
      to: '/chatgroups',
      label: t`Chat groups`,
      show: featureFlags.enableGroups,
      alsoCurrentOn: GROUP_AREA,
    },
    { to: '/channels', label: t`Channels`, show: true },
    { to: '/people', label: t`People`, show: true },
    { to: '/about', label: t`About`, show: true },
  ] as const;
  return (
    <nav className="top-tabs" aria-label={t`Sections`}>
      <ul className="top-tabs__list">
        {tabs
          .filter((tab) => tab.show)
          .map((tab) => {
            const current = 'alsoCurrentOn' in tab && tab.alsoCurrentOn.test(pathname);
            return (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  className={current ? 'top-tabs__tab top-tabs__tab--active' : 'top-tabs__tab'}
                  aria-current={current ? 'page' : undefined}
                  activeProps={{
                    className: 'top-tabs__tab top-tabs__tab--active',
                    'aria-current': 'page',
                  }}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
