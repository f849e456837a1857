import * as React from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-state';
import { useAuth } from '../hooks/auth-context';

/** /logout: signs out on the server and in this browser, then goes to /login. */
export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().finally(() => navigate('/login', { replace: true }));
  }, [signOut, navigate]);
  return <PageLoader label="Signing you out…" className="min-h-svh" />;
}
