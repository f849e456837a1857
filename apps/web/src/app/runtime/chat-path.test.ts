import { describe, expect, it } from 'vitest';
import { matchChatPath } from './runtime-root';

describe('the assistant’s addresses', () => {
  it('reads the chat page and the widget frame, and nothing else', () => {
    expect(matchChatPath('/app/app_1/chat')).toEqual({ appId: 'app_1', embed: false });
    expect(matchChatPath('/app/app_1/chat/')).toEqual({ appId: 'app_1', embed: false });
    expect(matchChatPath('/embed/app_1')).toEqual({ appId: 'app_1', embed: true });
    expect(matchChatPath('/embed/app%201')).toEqual({ appId: 'app 1', embed: true });
    for (const p of [
      '/app/app_1',
      '/app/app_1/Chat',
      '/app/app_1/chat/x',
      '/embed/',
      '/embed/a/b',
      '/embed/%E0',
    ])
      expect(matchChatPath(p)).toBeNull();
  });
});
