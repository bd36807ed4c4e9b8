import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LanguageChooser } from '../features/shell/components/language-chooser.tsx';
import { definedOnly, optionalEnum } from '../lib/search-params.ts';

export const Route = createFileRoute('/language')({
  validateSearch: (search) =>
    definedOnly({
      backto: optionalEnum(search, 'backto', ['signin', 'profilesettings']),
    }),
  component: LanguagePage,
});

function LanguagePage() {
  const { backto } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <LanguageChooser
      recordsConsent
      onChosen={() => void navigate({ to: backto ? `/${backto}` : '/newest', replace: true })}
    />
  );
}
