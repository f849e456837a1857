import { useAuth } from '@/features/auth/hooks/auth-context';
import { SettingsPage } from '@/features/settings/components/settings-page';

/** The settings screen gets the signed-in account from the session (inside RequireAuth it is always there). */
export function SettingsRoute() {
  const { account } = useAuth();
  return account ? <SettingsPage account={account} /> : null;
}
