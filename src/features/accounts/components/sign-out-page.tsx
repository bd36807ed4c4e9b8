import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSignOutEverywhere } from '../hooks/use-sign-out-everywhere.ts';
import { PleaseWait } from './please-wait.tsx';
import './accounts.css';

/**
 * /signout (docs/product/accounts.md "Sign-out"): sign out on the server, clear the stored user, go
 * to /newest.
 */
export function SignOutPage() {
  const navigate = useNavigate();
  const signOutEverywhere = useSignOutEverywhere();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOutEverywhere().then(() => navigate({ to: '/newest', replace: true }));
  }, [navigate, signOutEverywhere]);

  return (
    <section className="page page--narrow accounts">
      <PleaseWait />
    </section>
  );
}
