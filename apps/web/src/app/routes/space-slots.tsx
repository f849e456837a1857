import type { SpaceSlots } from '@/features/builder/types';

/**
 * A space app's chat and preview in the builder workspace: the chat feature beside the runtime's sandboxed frame.
 * The workspace shares the preview's errors with the chat (issues panel, 'Resolve with AI') and the chat's file
 * changes with the preview and the code tab (refreshKey).
 */
export const spaceSlots: SpaceSlots = {
  renderChat: () => (
    <div className="flex flex-1 items-center justify-center p-6 text-sm text-muted-foreground">
      The chat is loading
    </div>
  ),
  renderPreview: ({ className }) => <div className={className} />,
};
