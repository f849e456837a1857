import { AssistantChat } from '@/features/assistant';
import { MembershipGate } from './membership/membership-gate';

/**
 * `/app/{appId}/chat`: an end user's chat with the app's assistant, behind the app's paid membership like its tools
 * (a refused message opens the plan dialog again).
 */
export default function AssistantChatPage({ appId }: { appId: string }) {
  return (
    <MembershipGate appId={appId}>
      {(gate) => <AssistantChat appId={appId} surface="page" onMembershipRequired={gate.onRefused} />}
    </MembershipGate>
  );
}
