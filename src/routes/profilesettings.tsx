import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../components/ui/not-available-yet.tsx';

export const Route = createFileRoute('/profilesettings')({
  component: RouteComponent,
});

function RouteComponent() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Profile settings`} />;
}
