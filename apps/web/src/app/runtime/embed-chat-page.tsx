import { AssistantChat } from '@/features/assistant';

/** The widget's bubble (embed.js) listens for this from its frame. */
export const CLOSE_MESSAGE = { type: 'buildai:close' } as const;

/**
 * `/embed/{appId}`: the widget's frame on another site (decision 0010 "The widget"), the compact chat as an
 * anonymous visitor known by the id the frame keeps. Inside the bubble's frame, Close asks the page to close it.
 */
export default function EmbedChatPage({ appId }: { appId: string }) {
  const framed = window.parent !== window;
  return (
    <AssistantChat
      appId={appId}
      surface="widget"
      onClose={framed ? () => window.parent.postMessage(CLOSE_MESSAGE, '*') : undefined}
    />
  );
}
