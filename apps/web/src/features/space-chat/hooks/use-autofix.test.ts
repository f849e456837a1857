import type { RefObject } from 'react';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppErrorItem } from '@buildai/domain';
import type { SpaceUIMessage } from '../lib/types';
import { useAutofix } from './use-autofix';

const ask: SpaceUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Make it' }] };
/** an answer whose file action completed (what arms the autofix) */
const answer: SpaceUIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    {
      type: 'tool-edit_file',
      toolCallId: 't1',
      state: 'output-available',
      input: { path: 'pages/Home.tsx', content: '' },
      output: { ok: true },
    } as unknown as SpaceUIMessage['parts'][number],
  ],
  metadata: { versionId: 'v1' },
};
const gateIssue: AppErrorItem = {
  title: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
  details: 'pages/Home.tsx:1',
  componentName: 'Home',
};
const frameError: AppErrorItem = { title: 'Build failed', details: 'old files', componentName: 'App' };

function run(turnIssues: AppErrorItem[], appErrors: AppErrorItem[], changeAfterErrors: boolean) {
  const send = vi.fn();
  const lastChangeAt = { current: 0 } as RefObject<number>;
  const props = { messages: [ask], busy: true, appErrors, turnIssues, lastChangeAt, send, readOnly: false };
  const hook = renderHook((p: typeof props) => useAutofix(p), { initialProps: props });
  // the turn changed files (after the frame's errors, when they are the old files')
  if (changeAfterErrors) lastChangeAt.current = Date.now() + 1;
  hook.rerender({ ...props, messages: [ask, answer], busy: false });
  return send;
}

describe('useAutofix with the chat gate', () => {
  it("sends the turn's validation issues once the turn ends", () => {
    const send = run([gateIssue], [], true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toContain('"Hart" is not an icon of lucide-react');
    expect(send.mock.calls[0]![0]).toContain('pages/Home.tsx:1');
    expect(send.mock.calls[0]![1]).toEqual({ type: 'autofix' });
  });

  it("does not send the frame's errors of the files before the change, nor anything when the gate found none", () => {
    expect(run([], [frameError], true)).not.toHaveBeenCalled();
  });
});
