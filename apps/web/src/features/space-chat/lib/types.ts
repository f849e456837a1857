import type { UIMessage } from 'ai';
import type { ChatAction, ChatMessage, MessageAnnotation } from '@buildai/domain';

/**
 * A chat message's `metadata` in the browser: `annotations[0]` of the stored message (usage, versionId, context,
 * rating, systemActionInfo, model, error), plus the stored `actions` when the message comes from the history.
 */
export type SpaceMessageMetadata = MessageAnnotation & {
  actions?: ChatAction[];
  /** the stored message's status: `streaming` while the server still writes the answer */
  status?: ChatMessage['status'];
};
export type SpaceUIMessage = UIMessage<SpaceMessageMetadata>;

/** What the panel is doing with the chat (useChat's status, named for the panel). */
export type ChatBusy = 'submitted' | 'streaming' | 'ready' | 'error';
