import type { SystemActionInfo } from '@buildai/domain';

/** What the workspace gives the database screen (the builder's `SpaceDatabaseSlotProps`, composed by the route). */
export interface DatabaseScreenProps {
  appId: string;
  /** changes whenever the chat changed files or entities: the entities and the open table refetch */
  refreshKey: number;
  /** a chat turn is running */
  chatBusy: boolean;
  /** sends a message through the chat; rejects when the chat could not send it */
  requestChat: (text: string, systemActionInfo?: SystemActionInfo) => Promise<void>;
  /** back to the app's preview */
  onClose: () => void;
  /** the table takes the chat's room too (desktop; the chat stays mounted, hidden) */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/** What the table needs of the chat: whether it is busy and how to ask it for a change. */
export interface ChatBridge {
  busy: boolean;
  request: DatabaseScreenProps['requestChat'];
}
