import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { featureFlags } from '../../../lib/feature-flags.ts';

/**
 * Top tabs (docs/product/shell.md "Header and tabs"): messages, chat groups (when enabled),
 * channels, people, about.
 */
export function TopTabs() {
  const { t } = useLingui();
  // A group, its tabs, a new group and an invitation (/chat/…, /chatinvitation/…) are Chat groups too.
  const inGroups = useRouterState({
    select: (state) => /^\/chat[/i]/.test(state.location.pathname),
  });
  const tabs = [
    ['/newest', t({ message: 'Messages', context: 'tab' })],
    ['/chatgroups', t`Chat groups`],
    ['/channels', t`Channels`],
    ['/people', t`People`],
    ['/about', t`About`],
  ] as const;
  const current = {
    className: 'top-tabs__tab top-tabs__tab--active',
    'aria-current': 'page',
  } as const;
  return (
    <nav className="top-tabs" aria-label={t`Sections`}>
      <ul className="top-tabs__list">
        {tabs
          .filter(([to]) => to !== '/chatgroups' || featureFlags.enableGroups)
          .map(([to, label]) => (
            <li key={to}>
              <Link
                to={to}
                {...(inGroups && to === '/chatgroups' ? current : { className: 'top-tabs__tab' })}
                activeProps={current}
              >
                {label}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
