import type { SpaceSlots } from '@/features/builder/types';
import { SpaceChat } from '@/features/space-chat';
import { SpaceAppFrame } from '@/features/space-runtime';

/**
 * A space app's chat and preview in the builder workspace: the chat feature beside the runtime's sandboxed frame.
 * The workspace shares the frame's errors with the chat (issues panel, 'Resolve with AI', autofix) and the chat's
 * file changes with the frame and the code tab (refreshKey).
 */
export const spaceSlots: SpaceSlots = {
  renderChat: (props) => <SpaceChat {...props} />,
  renderPreview: ({ appId, refreshKey, onAppErrors, className }) => (
    <SpaceAppFrame
      appId={appId}
      mode="preview"
      refreshKey={refreshKey}
      onAppErrors={onAppErrors}
      className={className}
    />
  ),
};
