import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../components/ui/not-available-yet.tsx';

export const Route = createFileRoute('/chat/$channel_name/{-$wave_name}')({
  component: RouteComponent,
});

function RouteComponent() {
  const { t } = useLingui();
  return <NotAvailableYet title={t`Chat group`} />;
}
