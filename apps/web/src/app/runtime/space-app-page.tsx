import { SpaceAppPage as SpaceAppShell } from '@/features/space-runtime';
import type { RuntimeRoute } from '@/features/runtime/lib/paths';

/**
 * The public page of a space app: its runtime shell, a sandboxed frame on the app origin around the app's published
 * files (decision 0007). Loaded on demand by `RuntimeRoot`, so a tool's page never downloads it. The shell reads the
 * app's page from the address and keeps the address in step with the frame's navigation.
 */
export default function SpaceAppPage({ route }: { route: Exclude<RuntimeRoute, { page: 'item' }> }) {
  return <SpaceAppShell appId={route.appId} />;
}
