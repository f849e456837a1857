import { DefaultChatTransport } from 'ai';
import { authFetch } from '@/lib/auth-fetch';
import type { SpaceUIMessage } from '../lib/types';
import { appPath } from './chat-messages';

/** Called with the answer's id and the call's id as soon as the stream brings a tool's output that changed something. */
export type OnToolOutput = (messageId: string, toolCallId: string, output: unknown) => void;

/**
 * Reads a copy of the answer's stream as it arrives and reports each tool output at once: the preview refreshes as
 * soon as an action completed, not once the chat panel has rendered the chunk (under load, a render later).
 */
function watchToolOutputs(res: Response, onToolOutput: OnToolOutput): Response {
  if (!res.body) return res;
  const [mine, theirs] = res.body.tee();
  void (async () => {
    const reader = mine.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let messageId = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('data: {')) continue;
        if (!line.includes('"start"') && !line.includes('tool-output-available')) continue;
        try {
          const chunk = JSON.parse(line.slice(6)) as {
            type?: string;
            messageId?: string;
            toolCallId?: string;
            output?: { ok?: unknown };
          };
          if (chunk.type === 'start' && chunk.messageId) messageId = chunk.messageId;
          // a refused action changed nothing
          if (chunk.type === 'tool-output-available' && chunk.toolCallId && chunk.output?.ok !== false)
            onToolOutput(messageId, chunk.toolCallId, chunk.output);
        } catch {
          // not a chunk of ours: the panel reads the stream itself
        }
      }
    }
  })();
  return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** POST /api/apps/{appId}/chat with only the newest message: the history is the server's. */
export function createChatTransport(appId: string, onToolOutput?: OnToolOutput) {
  return new DefaultChatTransport<SpaceUIMessage>({
    api: `${appPath(appId)}/chat`,
    // the session's fetch: a refusal reaches the panel as the server's AppError ('space/chat-busy', …)
    fetch: onToolOutput
      ? async (input, init) => watchToolOutputs(await authFetch(input, init), onToolOutput)
      : (input, init) => authFetch(input, init),
    prepareSendMessagesRequest: ({ messages }) => {
      const last = messages[messages.length - 1]!;
      const systemActionInfo = last.metadata?.systemActionInfo;
      return {
        body: {
          message: {
            id: last.id,
            role: 'user',
            parts: last.parts.flatMap((p): Record<string, unknown>[] =>
              p.type === 'text' && p.text
                ? [{ type: 'text', text: p.text }]
                : // an image the builder added: sent in the message (a data: URL), stored by the server
                  p.type === 'file' && p.url.startsWith('data:')
                  ? [{ type: 'file', mediaType: p.mediaType, url: p.url, filename: p.filename }]
                  : [],
            ),
            ...(systemActionInfo ? { metadata: { systemActionInfo } } : {}),
          },
        },
      };
    },
  });
}
