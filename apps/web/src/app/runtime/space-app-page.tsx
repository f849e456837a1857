import { LoaderCircle, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SpaceAppPage as SpaceAppShell } from '@/features/space-runtime';
import type { RuntimeRoute } from '@/features/runtime/lib/paths';
import type { MembershipGateState } from './membership/membership-gate';

/**
 * The public page of a space app: its runtime shell, a sandboxed frame on the app origin around the app's published
 * files (decision 0007). Loaded on demand by `RuntimeRoot`, so a tool's page never downloads it. The shell reads the
 * app's page from the address and keeps the address in step with the frame's navigation. An app with paid
 * memberships shows its page to members only (decision 0009), through a member's link.
 */
export default function SpaceAppPage({
  route,
  gate,
}: {
  route: Exclude<RuntimeRoute, { page: 'item' }>;
  gate: MembershipGateState;
}) {
  if (!gate.known) {
    return (
      <div className="flex h-svh items-center justify-center" role="status" aria-label="Loading the app">
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" />
      </div>
    );
  }
  if (gate.locked) return <MembersOnly onShowPlan={gate.openPlan} />;
  return <SpaceAppShell appId={route.appId} membersOnly={gate.required} />;
}

function MembersOnly({ onShowPlan }: { onShowPlan: () => void }) {
  return (
    <div className="flex h-svh items-center justify-center bg-muted/30 p-6">
      <div className="flex max-w-sm flex-col items-center text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Lock className="size-6" aria-hidden />
        </div>
        <h1 className="mt-4 text-lg font-semibold">Members only</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          This app is open to its members. Join to start using it.
        </p>
        <Button className="mt-5" onClick={onShowPlan}>
          See the membership
        </Button>
      </div>
    </div>
  );
}
