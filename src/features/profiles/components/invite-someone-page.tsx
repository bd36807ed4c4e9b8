import { useLingui } from '@lingui/react/macro';
import { SignInRequired } from '../../../components/sign-in/sign-in-required.tsx';
import { useSession } from '../../../lib/session.ts';
import { InviteSomeoneForm } from './invite-someone-form.tsx';
import './profiles.css';

/**
 * /invitesomeone/:team_id (docs/product/accounts.md "Invite someone"): asks for the invitee's name,
 * signed-in users only.
 */
export function InviteSomeonePage({ teamId }: { teamId: number | null }) {
  const { t } = useLingui();
  const session = useSession();
  if (!session.signedIn) return <SignInRequired title={t`Invite someone`} />;
  return <InviteSomeoneForm teamId={teamId} />;
}
