import { UsersPage } from '@/features/app-users/components/users-page';
import { LogsPage } from '@/features/logs/components/logs-page';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';

export function LogsRoute() {
  return <LogsPage />;
}

export function UsersRoute() {
  return <UsersPage />;
}
