import type { UIMessage } from 'ai';
import type { AssistantMessageMetadata, Citation } from '@buildai/domain';

/** An assistant conversation's message as the chat holds it (the server's UI messages, typed metadata). */
export type ChatMessage = UIMessage<AssistantMessageMetadata>;

/** The text a message shows (its text parts, in order). */
export function textOf(message: Pick<ChatMessage, 'parts'>): string {
  return message.parts
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join('')
    .trim();
}

/** A tool the assistant called while answering: the tool's name and whether it is done. */
export interface ToolUse {
  key: string;
  name: string;
  state: 'running' | 'done' | 'failed';
}

export function toolUsesOf(message: ChatMessage): ToolUse[] {
  return message.parts.flatMap((p, i) => {
    const type = p.type as string;
    if (!type.startsWith('tool-') && type !== 'dynamic-tool') return [];
    const part = p as { toolName?: string; state?: string; toolCallId?: string; title?: string };
    const name = type === 'dynamic-tool' ? (part.toolName ?? 'tool') : type.slice('tool-'.length);
    const state =
      part.state === 'output-available' ? 'done' : part.state === 'output-error' ? 'failed' : 'running';
    // the tool's title as the server names it; a call of an older answer has only its function name
    return [{ key: part.toolCallId ?? String(i), name: part.title || readableToolName(name), state }];
  });
}

/** `summarise_text` → `Summarise text` */
export function readableToolName(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/**
 * The data items an answer drew on: the server's citations (decision 0017), with the passages the model read; an
 * answer that names its documents as source parts instead lists them without passages.
 */
export function citationsOf(message: ChatMessage): Citation[] {
  const cited = message.metadata?.citations;
  if (Array.isArray(cited) && cited.length > 0) return cited;
  const titles = message.parts.flatMap((p) => {
    if (p.type === 'source-document') return [p.title];
    if (p.type === 'source-url') return [p.title ?? p.url];
    return [];
  });
  return [...new Set(titles.filter(Boolean))].map((title) => ({
    itemId: title,
    itemName: title,
    passages: [],
  }));
}

/** A new conversation's id: the chat's id, sent as `conversationId` (8 to 64 letters, numbers, dashes). */
export function newConversationId(): string {
  return crypto.randomUUID();
}
