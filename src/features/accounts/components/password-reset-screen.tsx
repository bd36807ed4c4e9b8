import { useLingui } from '@lingui/react/macro';
import { NotAvailableYet } from '../../../components/ui/not-available-yet.tsx';

export function PasswordResetScreen({ token }: { token: string }) {
  const { t } = useLingui();
  void token;
  return <NotAvailableYet title={t`Reset your password`} />;
}
