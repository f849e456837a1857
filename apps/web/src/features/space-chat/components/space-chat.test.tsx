import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, spaceTexts } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { APP, renderChat, serveChat, stored, uiStream, usage } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
const send = (text: string) => {
  type(text);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};
const actionRows = () => within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem');

describe('space chat', { timeout: 20_000 }, () => {
  it('shows the empty state when the chat has no messages', async () => {
    mockApi({ [MESSAGES]: { body: { messages: [] } } });
    renderChat();
    // the file's first render loads the chat
    expect(await screen.findByText(spaceTexts.emptyTitle, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(spaceTexts.emptyHint)).toBeTruthy();
  });

  it('streams a turn: Thinking..., actions running then complete, onFilesChanged at once, then the server history', async () => {
    const api = mockApi({
      [MESSAGES]: [
        { body: { messages: [] } },
        {
          body: {
            messages: [
              stored('user', 'Add a page', { id: 'u1', annotation: { versionId: 'v0' } }),
              stored('assistant', 'Done.', {
                id: 'a1',
                annotation: { versionId: 'v1', usage: usage() },
                actions: [
                  {
                    title: 'Create pages/About.tsx',
                    type: 'add_file',
                    file: 'pages/About.tsx',
                    isComplete: true,
                    isTruncated: false,
                  },
                ],
              }),
            ],
          },
        },
      ],
    });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    const { props } = renderChat();
    await screen.findByText(spaceTexts.emptyTitle);

    send('Add a page');
    expect(await screen.findByText(spaceTexts.thinking)).toBeTruthy();
    expect(posts).toHaveLength(1);
    const body = posts[0] as { message: { role: string; parts: unknown[]; id: string } };
    expect(body.message.role).toBe('user');
    expect(body.message.parts).toEqual([{ type: 'text', text: 'Add a page' }]);
    expect(Object.keys(body)).toEqual(['message']); // only the newest message: the history is the server's

    act(() =>
      turn.push(
        { type: 'start', messageId: 'a1' },
        { type: 'start-step' },
        { type: 'tool-input-start', toolCallId: 'c1', toolName: 'add_file' },
        {
          type: 'tool-input-available',
          toolCallId: 'c1',
          toolName: 'add_file',
          input: { path: 'pages/About.tsx', content: 'x' },
        },
      ),
    );
    await waitFor(() => expect(actionRows()[0]!.getAttribute('data-state')).toBe('running'));
    expect(screen.queryByText(spaceTexts.thinking)).toBeNull();
    expect(screen.getByLabelText('In progress')).toBeTruthy();
    expect(props.onFilesChanged).not.toHaveBeenCalled();

    act(() => turn.push({ type: 'tool-output-available', toolCallId: 'c1', output: { ok: true } }));
    await waitFor(() => expect(actionRows()[0]!.getAttribute('data-state')).toBe('complete'));
    expect(props.onFilesChanged).toHaveBeenCalledTimes(1); // while the turn still streams

    act(() => {
      turn.push(
        { type: 'finish-step' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Done.' },
        { type: 'text-end', id: 't1' },
        { type: 'finish', messageMetadata: { versionId: 'v1' } },
      );
      turn.end();
    });
    await waitFor(() => expect(api.to(MESSAGES)).toHaveLength(2));
    expect(await screen.findByText('Create pages/About.tsx')).toBeTruthy();
    expect(await screen.findByRole('button', { name: spaceTexts.rateThis })).toBeTruthy();
    // the history's actions are not new changes
    expect(props.onFilesChanged).toHaveBeenCalledTimes(1);
  });

  it('marks a call cut off for length truncated and continues with a continue message', async () => {
    const api = mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Build a shop', { id: 'u1' }),
            stored('assistant', 'Writing the shop.', {
              id: 'a1',
              annotation: { usage: usage({ finishReason: 'length' }) },
              actions: [
                {
                  title: 'Create pages/Shop.tsx',
                  type: 'add_file',
                  file: 'pages/Shop.tsx',
                  isComplete: false,
                  isTruncated: true,
                },
              ],
            }),
          ],
        },
      },
    });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    renderChat();
    expect(await screen.findByText(spaceTexts.truncated)).toBeTruthy();
    expect(actionRows()[0]!.getAttribute('data-state')).toBe('truncated');

    fireEvent.click(screen.getByRole('button', { name: spaceTexts.keepGoing }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      message: {
        role: 'user',
        parts: [{ type: 'text', text: spaceTexts.keepGoing }],
        metadata: { systemActionInfo: { type: 'continue' } },
      },
    });
    // the continue message is now the last one: no second continue for the same cut
    expect(screen.queryByRole('button', { name: spaceTexts.keepGoing })).toBeNull();
  });

  it('a live tool call left open when the turn stops for length reads truncated', async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { status: 500, body: {} }] });
    const turn = uiStream();
    serveChat(api, [turn]);
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    send('Build a shop');
    act(() => {
      turn.push(
        { type: 'start', messageId: 'a1' },
        { type: 'tool-input-start', toolCallId: 'c1', toolName: 'add_file' },
        {
          type: 'tool-input-delta',
          toolCallId: 'c1',
          inputTextDelta: '{"path":"pages/Shop.tsx","content":"ex',
        },
        {
          type: 'finish',
          finishReason: 'length',
          messageMetadata: { usage: usage({ finishReason: 'length' }) },
        },
      );
      turn.end();
    });
    expect(await screen.findByText(spaceTexts.truncated)).toBeTruthy();
    expect(screen.getByRole('button', { name: spaceTexts.keepGoing })).toBeTruthy();
  });

  it('a refused message (chat busy) shows the server message and gives the text back', async () => {
    const api = mockApi({
      [MESSAGES]: { body: { messages: [] } },
      [`POST /api/apps/${APP}/chat`]: errorReply('space/chat-busy'),
    });
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    send('Add a footer');
    expect(await screen.findByText(errorCatalogue['space/chat-busy'].message)).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Add a footer');
    expect(api.to(`POST /api/apps/${APP}/chat`)).toHaveLength(1);
  });

  it('a dropped stream reads the history again', async () => {
    const api = mockApi({
      [MESSAGES]: [
        { body: { messages: [] } },
        {
          body: {
            messages: [
              stored('user', 'Hi', { id: 'u1' }),
              stored('assistant', 'Kept by the server', { id: 'a1' }),
            ],
          },
        },
      ],
    });
    const turn = uiStream();
    serveChat(api, [turn]);
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    send('Hi');
    act(() => {
      turn.push(
        { type: 'start', messageId: 'a1' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Kept' },
      );
      turn.push({ type: 'error', errorText: 'connection lost' });
      turn.end();
    });
    expect(await screen.findByText('Kept by the server')).toBeTruthy();
    expect(api.to(MESSAGES)).toHaveLength(2);
  });

  it('a read of the history that answers late never hides the turn sent after it began', async () => {
    // the first turn's read of the history is held until the next turn (an autofix) has ended and been read
    let releaseStale: () => void = () => undefined;
    const firstTurn = [
      stored('user', 'Show the total', { id: 'u1' }),
      stored('assistant', 'One.', { id: 'a1', annotation: { versionId: 'v1', usage: usage() } }),
    ];
    const api = mockApi({
      [MESSAGES]: [
        { body: { messages: [] } },
        () =>
          new Promise((resolve) => {
            releaseStale = () => resolve({ body: { messages: firstTurn } });
          }),
        {
          body: {
            messages: [
              ...firstTurn,
              stored('user', 'Fix it', { id: 'u2' }),
              stored('assistant', 'Two.', { id: 'a2', annotation: { usage: usage() } }),
            ],
          },
        },
      ],
    });
    const turns = [uiStream(), uiStream()];
    serveChat(api, turns);
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    const answer = (turn: ReturnType<typeof uiStream>, id: string, text: string) =>
      act(() => {
        turn.push(
          { type: 'start', messageId: id },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: text },
          { type: 'text-end', id: 't' },
          { type: 'finish', messageMetadata: { usage: usage() } },
        );
        turn.end();
      });

    send('Show the total');
    answer(turns[0]!, 'a1', 'One.');
    await waitFor(() => expect(api.to(MESSAGES)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy());
    send('Fix it');
    answer(turns[1]!, 'a2', 'Two.');
    // the second turn's own read answers first, then the first one's
    await waitFor(() => expect(api.to(MESSAGES)).toHaveLength(3));
    expect(await screen.findByText('Two.')).toBeTruthy();
    await act(async () => {
      releaseStale();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText('Two.')).toBeTruthy();
    expect(screen.getByText('Fix it')).toBeTruthy();
  });

  it('a provider failure mid-turn shows its error once, with Retry and nothing to rate (issue 32, item 4)', async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { status: 500, body: {} }] });
    const failed = uiStream();
    const again = uiStream();
    const posts = serveChat(api, [failed, again]);
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    send('Add a page');
    act(() => {
      failed.push(
        { type: 'start', messageId: 'a1' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Adding' },
        { type: 'error', errorText: 'The AI provider answered 500: upstream overloaded' },
      );
      failed.end();
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The AI provider answered 500: upstream overloaded',
    ]);
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByRole('button', { name: spaceTexts.rateThis })).toBeNull();
    fireEvent.click(retry);
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(JSON.stringify(posts[1])).toContain('Add a page');
  });

  it('a turn the server still runs after a reload is read again until it is recorded', async () => {
    const running = {
      messages: [
        stored('user', 'Add a page', { id: 'u1' }),
        stored('assistant', '', {
          id: 'a1',
          running: true,
          parts: [
            {
              type: 'tool-add_file',
              toolCallId: 'c1',
              state: 'input-available',
              input: { path: 'pages/About.tsx' },
            },
          ],
          actions: [
            {
              title: 'Create pages/About.tsx',
              type: 'add_file',
              file: 'pages/About.tsx',
              isComplete: false,
              isTruncated: false,
            },
          ],
        }),
      ],
    };
    const done = {
      messages: [
        running.messages[0],
        stored('assistant', 'Added.', {
          id: 'a1',
          parts: [
            {
              type: 'tool-add_file',
              toolCallId: 'c1',
              state: 'output-available',
              input: { path: 'pages/About.tsx' },
              output: { ok: true },
            },
            { type: 'text', text: 'Added.' },
          ],
          actions: [
            {
              title: 'Create pages/About.tsx',
              type: 'add_file',
              file: 'pages/About.tsx',
              isComplete: true,
              isTruncated: false,
            },
          ],
        }),
      ],
    };
    mockApi({ [MESSAGES]: [{ body: running }, { body: done }] });
    const { props } = renderChat();
    await waitFor(() => expect(actionRows()[0]!.getAttribute('data-state')).toBe('running'));
    // Stop takes Send's place while the server's turn runs
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' }).hasAttribute('disabled')).toBe(false);

    expect(await screen.findByText('Added.', {}, { timeout: 6000 })).toBeTruthy();
    expect(actionRows()[0]!.getAttribute('data-state')).toBe('complete');
    expect(props.onFilesChanged).toHaveBeenCalledTimes(1);
    type('More');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });

  it('Stop ends the turn here and on the server, then shows what the server kept (issue 32, item 3)', async () => {
    let answerStop!: () => void;
    const api = mockApi({
      [MESSAGES]: [
        { body: { messages: [] } },
        {
          body: {
            messages: [
              stored('user', 'Add two pages', { id: 'u1' }),
              stored('assistant', '', { id: 'a1', annotation: { stopped: true } }),
            ],
          },
        },
      ],
      [`POST /api/apps/${APP}/chat/stop`]: () =>
        new Promise((resolve) => (answerStop = () => resolve({ body: { stopped: true } }))),
    });
    const turn = uiStream();
    serveChat(api, [turn]);
    renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    send('Add two pages');
    // on its way to the server, there is nothing to stop yet
    expect((await screen.findByRole('button', { name: 'Stop' })).hasAttribute('disabled')).toBe(true);
    act(() => turn.push({ type: 'start', messageId: 'a1' }, { type: 'text-start', id: 't' }));
    act(() => turn.push({ type: 'text-delta', id: 't', delta: 'Working' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Stop' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect((await screen.findByRole('button', { name: 'Stopping…' })).hasAttribute('disabled')).toBe(true);
    expect(api.to(`POST /api/apps/${APP}/chat/stop`)).toHaveLength(1);
    answerStop();
    expect(await screen.findByText('Stopped. What was complete is kept.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it("a 'Resolve with AI' message shows a notice with its errors folded, as autofix does (issue 32, item 1)", async () => {
    const trace =
      'Please fix the following errors in my app:\n\n1. x is undefined\n```\nat Home (http://apps.test/apps/app1/preview?token=[redacted]:3:9)\n```';
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', trace, { id: 'u1', annotation: { systemActionInfo: { type: 'fix' } } }),
            stored('assistant', 'Fixed.', { id: 'a1' }),
          ],
        },
      },
    });
    renderChat();
    expect(await screen.findByText(spaceTexts.fixNotice)).toBeTruthy();
    expect(screen.queryByText(/x is undefined/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: spaceTexts.showDetails }));
    expect(screen.getByText(/x is undefined/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: spaceTexts.hideDetails }));
    expect(screen.queryByText(/x is undefined/)).toBeNull();
  });

  it('admins see the usage summary, version id, model badge and copy; others do not', async () => {
    const history = {
      messages: [
        stored('user', 'Hi', { id: 'u1' }),
        stored('assistant', 'Hello', {
          id: 'a1',
          annotation: { versionId: 'v1', model: 'openai/gpt-4o-mini', usage: usage() },
        }),
      ],
    };
    mockApi({ [MESSAGES]: { body: history } });
    const { unmount } = renderChat({ isAdmin: true });
    const summary = await screen.findByRole('region', { name: 'Token usage' });
    expect(within(summary).getByText('1,500 tokens')).toBeTruthy();
    expect(within(summary).getByText('$0.0036')).toBeTruthy();
    expect(within(summary).getByText(/prompt \$1\.50 \/ 1M, completion \$6\.00 \/ 1M/)).toBeTruthy();
    expect(screen.getByTitle('Version id').textContent).toBe('v1');
    expect(screen.getByTitle('Model').textContent).toBe('openai/gpt-4o-mini');
    expect(screen.getAllByRole('button', { name: 'Copy message' })).toHaveLength(2);
    unmount();

    mockApi({ [MESSAGES]: { body: history } });
    renderChat({ isAdmin: false });
    await screen.findByText('Hello');
    expect(screen.queryByRole('region', { name: 'Token usage' })).toBeNull();
    expect(screen.queryByTitle('Version id')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull();
  });

  it('an error of the turn shows as an expandable error block', async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Hi'),
            stored('assistant', '', {
              annotation: { error: 'The model provider timed out\n(request r-1, after 60 s)' },
            }),
          ],
        },
      },
    });
    renderChat();
    const block = await screen.findByRole('alert');
    // the error's first line is the block's title; the whole text on demand
    expect(within(block).getByRole('button', { expanded: false }).textContent).toBe(
      'The model provider timed out',
    );
    expect(within(block).queryByText(/request r-1/)).toBeNull();
    fireEvent.click(within(block).getByRole('button', { expanded: false }));
    expect(within(block).getByText(/request r-1/)).toBeTruthy();
    // a failed answer offers Retry, and nothing to rate (issue 32, item 4)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: spaceTexts.rateThis })).toBeNull();
  });
});
