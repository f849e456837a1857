import { AppsHome } from '@/features/apps/components/apps-home';

export function HomeRoute() {
  return <AppsHome />;
}
