import { describe, expect, it } from 'vitest';
import { toolUsesOf, type ChatMessage } from './messages';

describe('the tools an answer used', () => {
  it("show the tool's title the server gave, not its path (issue 32, item 14)", () => {
    const message = {
      id: 'm1',
      role: 'assistant',
      parts: [
        { type: 'tool-hplocd', toolCallId: 'c1', state: 'output-available', title: 'Slogan maker' },
        { type: 'tool-summarise_text', toolCallId: 'c2', state: 'input-available' },
      ],
    } as unknown as ChatMessage;
    expect(toolUsesOf(message)).toEqual([
      { key: 'c1', name: 'Slogan maker', state: 'done' },
      { key: 'c2', name: 'Summarise text', state: 'running' },
    ]);
  });
});
