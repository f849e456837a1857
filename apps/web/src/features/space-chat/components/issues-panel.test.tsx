import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_AUTOFIX_IN_A_ROW, spaceTexts } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { buildFixMessage } from '../lib/fix-message';
import { APP, errorItem, renderChat, serveChat, uiStream, usage } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const pill = (name: RegExp | string) => screen.getByRole('button', { name });
const panel = () => screen.getByRole('region', { name: 'Issues' });

/** A turn that writes one file and ends. */
function fileTurn(turn: ReturnType<typeof uiStream>, n: number) {
  act(() => {
    turn.push(
      { type: 'start', messageId: `a${n}` },
      {
        type: 'tool-input-available',
        toolCallId: `c${n}`,
        toolName: 'edit_file',
        input: { path: 'pages/Home.tsx', content: `v${n}` },
      },
      { type: 'tool-output-available', toolCallId: `c${n}`, output: { ok: true } },
      { type: 'text-start', id: `t${n}` },
      { type: 'text-delta', id: `t${n}`, delta: `Changed ${n}` },
      { type: 'text-end', id: `t${n}` },
      { type: 'finish', messageMetadata: { usage: usage() } },
    );
    turn.end();
  });
}

describe('issues panel', { timeout: 20_000 }, () => {
  it('is hidden without errors, a pill at first, opens when the count changes, suppresses and reveals', async () => {
    mockApi({ [MESSAGES]: { body: { messages: [] } } });
    const { rerender } = renderChat();
    // the file's first render loads the chat
    await screen.findByText(spaceTexts.emptyTitle, {}, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: /issue/ })).toBeNull();

    const a = errorItem('Cannot read x');
    const b = errorItem('y is not defined');
    rerender({ appErrors: [a] });
    expect(pill('1 issue')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Issues' })).toBeNull();

    rerender({ appErrors: [a, b] }); // the count changed while minimised
    expect(within(panel()).getByText('2 issues')).toBeTruthy();
    expect(within(panel()).getByText('Cannot read x')).toBeTruthy();
    expect(within(panel()).getByRole('list').className).toContain('max-h-[100px]');

    fireEvent.click(within(panel()).getByRole('button', { name: 'Suppress Cannot read x' }));
    expect(within(panel()).getByText('1 issue')).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Suppress y is not defined' }));
    // suppressing the last visible error folds the panel
    expect(screen.queryByRole('region', { name: 'Issues' })).toBeNull();
    fireEvent.click(pill('2 issues suppressed'));
    expect(within(panel()).getByText('2 issues')).toBeTruthy();

    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimise' }));
    expect(pill('2 issues')).toBeTruthy();
    rerender({ appErrors: [] });
    expect(screen.queryByRole('button', { name: /issue/ })).toBeNull();
  });

  it("'Resolve with AI' sends the fix message, reads 'Fixing...', and clears the errors after the turn", async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { status: 500, body: {} }] });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    const errors = [errorItem('Cannot read x')];
    const { props } = renderChat({ appErrors: errors });
    fireEvent.click(await screen.findByRole('button', { name: '1 issue' }));
    fireEvent.click(within(panel()).getByRole('button', { name: spaceTexts.resolveWithAi }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      message: {
        parts: [{ type: 'text', text: buildFixMessage(errors) }],
        metadata: { systemActionInfo: { type: 'fix' } },
      },
    });
    const fixing = within(panel()).getByRole('button', { name: spaceTexts.fixing });
    expect(fixing.hasAttribute('disabled')).toBe(true);
    expect(props.onClearErrors).not.toHaveBeenCalled();

    fileTurn(turn, 1);
    await waitFor(() => expect(props.onClearErrors).toHaveBeenCalledTimes(1), { timeout: 3000 });
    // only the errors that were sent are cleared: one the reloaded preview reports meanwhile stays (issue 32, item 2)
    expect(props.onClearErrors).toHaveBeenCalledWith(errors);
    expect(within(panel()).getByRole('button', { name: spaceTexts.resolveWithAi })).toBeTruthy();
  });
});

describe('autofix', { timeout: 20_000 }, () => {
  it(`sends an autofix message when a turn that changed files leaves errors, at most ${MAX_AUTOFIX_IN_A_ROW} in a row`, async () => {
    // re-reading the history fails, so the panel keeps the messages as they streamed
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { status: 500, body: {} }] });
    const turns = [uiStream(), uiStream(), uiStream()];
    const posts = serveChat(api, turns);
    const { rerender } = renderChat();
    await screen.findByText(spaceTexts.emptyTitle);

    // errors from before any turn do not start an autofix
    rerender({ appErrors: [errorItem('Old error')] });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Add a chart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    fileTurn(turns[0]!, 1);
    await screen.findByText('Changed 1');

    const first = [errorItem('Chart is not defined')];
    rerender({ appErrors: first });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({
      message: {
        parts: [{ type: 'text', text: buildFixMessage(first) }],
        metadata: { systemActionInfo: { type: 'autofix' } },
      },
    });
    const notice = await screen.findByText(spaceTexts.autofixNotice);
    const card = notice.closest('div')!.parentElement!;
    expect(within(card).queryByText(/Chart is not defined/)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Show details' }));
    expect(within(card).getByText(/Chart is not defined/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Hide details' })).toBeTruthy();

    fileTurn(turns[1]!, 2);
    await screen.findByText('Changed 2');
    rerender({ appErrors: [errorItem('Still broken')] });
    await waitFor(() => expect(posts).toHaveLength(3));

    fileTurn(turns[2]!, 3);
    await screen.findByText('Changed 3');
    rerender({ appErrors: [errorItem('Broken again')] });
    // two autofix turns in a row: the third is not sent; the issues panel stays for the builder
    await screen.findByRole('button', { name: '1 issue' });
    expect(posts).toHaveLength(3);
    expect(screen.getAllByText(spaceTexts.autofixNotice)).toHaveLength(2);
  });

  it('a turn that changed no file does not autofix, even right after one that did', async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { status: 500, body: {} }] });
    const turns = [uiStream(), uiStream()];
    const posts = serveChat(api, turns);
    const { rerender } = renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Add a chart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    fileTurn(turns[0]!, 1);
    await screen.findByText('Changed 1');

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'What does Home do?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    act(() => {
      turns[1]!.push(
        { type: 'start', messageId: 'a2' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'It greets.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', messageMetadata: { usage: usage() } },
      );
      turns[1]!.end();
    });
    await screen.findByText('It greets.');
    rerender({ appErrors: [errorItem('Unrelated')] });
    await screen.findByRole('button', { name: '1 issue' });
    expect(posts).toHaveLength(2);
  });
});
