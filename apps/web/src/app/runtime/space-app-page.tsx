import { RuntimePage } from '@/features/runtime/components/runtime-page';
import type { RuntimeRoute } from '@/features/runtime/lib/paths';

/**
 * The public page of a space app: the place of its runtime shell (a sandboxed iframe around the app's published
 * files). Loaded on demand by `RuntimeRoot`. For now it shows what the tool pages show for such an app.
 */
export default function SpaceAppPage({ route }: { route: Exclude<RuntimeRoute, { page: 'item' }> }) {
  return <RuntimePage route={route} />;
}
