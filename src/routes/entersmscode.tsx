import { createFileRoute } from '@tanstack/react-router';
import { EnterSmsCodePage } from '../features/phone/components/enter-sms-code-page.tsx';
import { definedOnly, optionalString } from '../lib/search-params.ts';

export const Route = createFileRoute('/entersmscode')({
  // phone: where the code went ("+" and digits), shown as a reminder.
  validateSearch: (search) => {
    const phone = optionalString(search, 'phone', 20);
    return definedOnly({ phone: phone && /^\+\d{3,19}$/.test(phone) ? phone : undefined });
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { phone } = Route.useSearch();
  return <EnterSmsCodePage phone={phone} />;
}
