import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '@/test/mock-api';
import {
  answer,
  APP,
  errorResponse,
  info,
  INFO,
  MESSAGES,
  renderChat,
  serveAssistant,
  text,
  uiStream,
} from '../test/chat-fixtures';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (value: string) => fireEvent.change(screen.getByLabelText('Message'), { target: { value } });
const send = (value: string) => {
  type(value);
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};
const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('the assistant chat page', { timeout: 20_000 }, () => {
  it('greets with the welcome message in the app’s branding when there is no conversation yet', async () => {
    mockApi({ [INFO]: { body: info() }, [MESSAGES]: { body: { conversationId: null, messages: [] } } });
    const { container } = renderChat();
    expect(await screen.findByText('Hi! Ask me about orders, returns and delivery.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Help desk' })).toBeTruthy();
    expect(screen.getByText('Answers about our shop', { selector: 'header p' })).toBeTruthy();
    const themed = container.firstElementChild as HTMLElement;
    expect(themed.style.getPropertyValue('--primary')).toBe('#0f766e');
    expect(themed.style.getPropertyValue('--primary-foreground')).toBe('#ffffff');
    expect(document.title).toBe('Help desk');
  });

  it('shows the caller’s latest conversation, Markdown rendered, and goes on with it', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: {
        body: {
          conversationId: 'conv_earlier_1',
          messages: [
            text('u1', 'user', 'Where is my order?'),
            text('a1', 'assistant', 'It ships **tomorrow**.\n\n- tracked\n- insured'),
          ],
        },
      },
    });
    const posts = serveAssistant(api, [answer('a2', 'You can return it within 30 days.', 'conv_earlier_1')]);
    renderChat();
    expect(await screen.findByText('Where is my order?')).toBeTruthy();
    // the Markdown view is its own chunk, loaded the first time a message needs it: slower than a render on a busy machine
    const bold = await screen.findByText('tomorrow', undefined, { timeout: 5000 });
    expect(bold.tagName).toBe('STRONG');
    expect(
      within(log())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['tracked', 'insured']);

    send('Can I return it?');
    expect(await screen.findByText('You can return it within 30 days.')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      message: 'Can I return it?',
      conversationId: 'conv_earlier_1',
      source: 'web',
    });
    expect(posts[0]!.credentials).toBe('same-origin');
    expect(posts[0]!.headers.get('X-BuildAI-Visitor')).toBeNull();
    expect(screen.getByLabelText('Message')).toHaveProperty('value', '');
  });

  it('streams an answer after a thinking moment, then copies it and asks again on Retry', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    const turn = uiStream();
    const posts = serveAssistant(api, [turn, answer('a1b', 'Delivery takes 2 days.')]);
    renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');

    send('How long is delivery?');
    expect(await screen.findByRole('status', { name: 'Thinking' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    const conversationId = posts[0]!.body.conversationId as string;
    expect(conversationId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    act(() =>
      turn.push(
        { type: 'start', messageId: 'a1', messageMetadata: { conversationId } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Delivery takes ' },
      ),
    );
    expect(await screen.findByText('Delivery takes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy answer' })).toBeNull(); // not while it streams
    act(() => {
      turn.push(
        { type: 'text-delta', id: 't', delta: '3 days.' },
        { type: 'text-end', id: 't' },
        { type: 'finish' },
      );
      turn.end();
    });
    expect(await screen.findByText('Delivery takes 3 days.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith('Delivery takes 3 days.');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Delivery takes 2 days.')).toBeTruthy();
    expect(screen.queryByText('Delivery takes 3 days.')).toBeNull();
    expect(posts[1]!.body).toEqual({
      message: 'How long is delivery?',
      conversationId,
      retry: true,
      source: 'web',
    });
    // the question is not repeated: one question, one answer
    expect(screen.getAllByText('How long is delivery?')).toHaveLength(1);
  });

  it('Stop ends the answer and keeps what was said', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    const turn = uiStream();
    const posts = serveAssistant(api, [turn]);
    renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    send('Tell me everything');
    act(() =>
      turn.push(
        { type: 'start', messageId: 'a1' },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'First, the basics' },
      ),
    );
    expect(await screen.findByText('First, the basics')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(posts[0]!.signal?.aborted).toBe(true));
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByText('First, the basics')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal (run limit) puts the question back in the box and says why', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    serveAssistant(api, [
      errorResponse(429, 'run/daily-limit', 'You have reached the daily limit of runs, come back tomorrow'),
    ]);
    const { props } = renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    send('One more question');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You have reached the daily limit of runs, come back tomorrow');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('One more question', { selector: '[data-role="user"] *' })).toBeNull();
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'One more question');
    expect(props.onMembershipRequired).not.toHaveBeenCalled();
  });

  it('a message refused for want of a membership opens the plan again', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    serveAssistant(api, [
      errorResponse(402, 'payments/membership-required', 'A membership is needed to use this app'),
    ]);
    const { props } = renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    send('Hello');
    expect((await screen.findByRole('alert')).textContent).toBe('A membership is needed to use this app');
    expect(props.onMembershipRequired).toHaveBeenCalledTimes(1);
  });

  it('a broken answer can be tried again: the retry answers the same question', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    const posts = serveAssistant(api, [
      errorResponse(500, 'internal', 'Something went wrong on our side'),
      answer('a2', 'Here it is.'),
    ]);
    renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    send('Hello?');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Here it is.')).toBeTruthy();
    expect(posts[1]!.body).toMatchObject({ message: 'Hello?', retry: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a retry of an answer the server never kept is sent again as the question', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    const posts = serveAssistant(api, [
      errorResponse(500, 'internal', 'Something went wrong on our side'),
      errorResponse(400, 'chat/nothing-to-retry', 'There is no answer to retry'),
      answer('a2', 'Answered now.'),
    ]);
    renderChat();
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    send('Hello?');
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Answered now.')).toBeTruthy();
    expect(posts.map((p) => p.body.retry)).toEqual([undefined, true, undefined]);
    expect(posts[2]!.body.message).toBe('Hello?');
  });

  it('New conversation starts an empty one with a new id', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: {
        body: { conversationId: 'conv_earlier_1', messages: [text('u1', 'user', 'Old question')] },
      },
    });
    const posts = serveAssistant(api, [answer('a9', 'Fresh answer.')]);
    renderChat();
    expect(await screen.findByText('Old question')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByText('Hi! Ask me about orders, returns and delivery.')).toBeTruthy();
    expect(screen.queryByText('Old question')).toBeNull();
    send('New topic');
    expect(await screen.findByText('Fresh answer.')).toBeTruthy();
    expect(posts[0]!.body.conversationId).not.toBe('conv_earlier_1');
    expect(posts[0]!.body.conversationId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('an assistant that is not active says so, without a retry', async () => {
    mockApi({
      [INFO]: errorReply('chat/not-active'),
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    renderChat();
    expect(await screen.findByText('This assistant is not available')).toBeTruthy();
    expect(screen.getByText('Its owner has not turned it on yet. Come back later.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('a failure to load can be tried again', async () => {
    const api = mockApi({
      [INFO]: [errorReply('internal'), { body: info() }],
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    renderChat();
    expect(await screen.findByText('The chat could not load')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hi! Ask me about orders, returns and delivery.')).toBeTruthy();
    expect(api.to(INFO)).toHaveLength(2);
  });

  it('shows the tools the assistant used and the documents it drew on', async () => {
    mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: {
        body: {
          conversationId: 'conv_earlier_1',
          messages: [
            text('u1', 'user', 'Summarise the policy'),
            {
              id: 'a1',
              role: 'assistant',
              parts: [
                {
                  type: 'tool-summarise_text',
                  toolCallId: 'c1',
                  state: 'output-available',
                  input: {},
                  output: 'x',
                },
                { type: 'text', text: 'Returns are free.' },
                { type: 'source-document', sourceId: 's1', mediaType: 'text/plain', title: 'returns.pdf' },
              ],
            },
          ],
        },
      },
    });
    renderChat();
    expect(await screen.findByText('Returns are free.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Tools used' })).getByText('Summarise text')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Sources' })).getByText('returns.pdf')).toBeTruthy();
  });
});

describe('starters and citations', { timeout: 20_000 }, () => {
  it('offers the builder’s starter questions, sends one on a click, and lists the answer’s sources with their passages', async () => {
    const api = mockApi({
      [INFO]: { body: info({ starters: ['How long is delivery?', 'Can I return shoes?'] }) },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    const reply = uiStream();
    const posts = serveAssistant(api, [reply]);
    renderChat();
    const starters = await screen.findByRole('list', { name: 'Suggested questions' });
    expect(
      within(starters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['How long is delivery?', 'Can I return shoes?']);
    fireEvent.click(within(starters).getByRole('button', { name: 'Can I return shoes?' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body.message).toBe('Can I return shoes?');

    const conversationId = posts[0]!.body.conversationId as string;
    const citations = [
      {
        itemId: 'item1',
        itemName: 'Returns policy',
        passages: ['Shoes can be returned within 30 days, unworn.'],
      },
    ];
    act(() => {
      reply.push(
        { type: 'start', messageId: 'a1', messageMetadata: { conversationId, citations } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Yes, within 30 days.' },
        { type: 'text-end', id: 't' },
        { type: 'finish' },
      );
      reply.end();
    });
    expect(await screen.findByText('Yes, within 30 days.')).toBeTruthy();
    const sources = screen.getByRole('list', { name: 'Sources' });
    const chip = within(sources).getByRole('button', { name: /Returns policy/ });
    // a tap shows the passage the answer drew on
    fireEvent.click(chip);
    expect(await screen.findByText('Shoes can be returned within 30 days, unworn.')).toBeTruthy();
    // the starters are gone once the conversation began
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).toBeNull();
  });
});

describe('ratings', { timeout: 20_000 }, () => {
  it.each(['page', 'widget'] as const)(
    'shows the thumb already given once the %s loads again',
    async (surface) => {
      mockApi({
        [INFO]: { body: info() },
        [MESSAGES]: {
          body: {
            conversationId: 'conv_rated_1',
            messages: [
              text('u1', 'user', 'Where is my order?'),
              {
                ...text('a1', 'assistant', 'It ships tomorrow.'),
                metadata: { conversationId: 'conv_rated_1', runId: 'run_a1', rating: 'down' },
              },
              text('u2', 'user', 'Thanks'),
              {
                ...text('a2', 'assistant', 'You are welcome.'),
                metadata: { conversationId: 'conv_rated_1', runId: 'run_a2' },
              },
            ],
          },
        },
      });
      renderChat({ surface, onClose: vi.fn() });
      await screen.findByText('It ships tomorrow.');
      const [rated, unrated] = screen.getAllByRole('group', { name: 'Rate this answer' });
      expect(within(rated!).getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(within(rated!).getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      expect(within(unrated!).getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
    },
  );
});

describe('the widget’s chat', { timeout: 20_000 }, () => {
  it('keeps the visitor id the server issues and sends it back, without cookies, as the widget', async () => {
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: null, messages: [] } },
    });
    // the first answer issues the id (as resolveEndUser does for a new visitor)
    const jsonFetch = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      const res = await jsonFetch(input, init);
      if (String(input).endsWith('/assistant/messages'))
        return new Response(await res.text(), {
          status: res.status,
          headers: { 'Content-Type': 'application/json', 'X-BuildAI-Visitor': 'abcdefghijklmnopqrstuv' },
        });
      return res;
    });
    const posts = serveAssistant(api, [answer('a1', 'Hello visitor.')]);
    const onClose = vi.fn();
    renderChat({ surface: 'widget', onClose });
    await screen.findByText('Hi! Ask me about orders, returns and delivery.');
    expect(window.localStorage.getItem('buildai-visitor')).toBe('abcdefghijklmnopqrstuv');

    send('Hi');
    expect(await screen.findByText('Hello visitor.')).toBeTruthy();
    expect(posts[0]!.body).toMatchObject({ message: 'Hi', source: 'widget' });
    expect(posts[0]!.headers.get('X-BuildAI-Visitor')).toBe('abcdefghijklmnopqrstuv');
    expect(posts[0]!.credentials).toBe('omit');
    expect(posts[0]!.headers.get('Authorization')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a visitor coming back sends the id kept earlier from the first call', async () => {
    window.localStorage.setItem('buildai-visitor', 'zyxwvutsrqponmlkjihgfe');
    const api = mockApi({
      [INFO]: { body: info() },
      [MESSAGES]: { body: { conversationId: 'conv_earlier_1', messages: [text('u1', 'user', 'Hi again')] } },
    });
    renderChat({ surface: 'widget' });
    expect(await screen.findByText('Hi again')).toBeTruthy();
    expect(api.to(INFO)[0]!.headers['x-buildai-visitor']).toBe('zyxwvutsrqponmlkjihgfe');
    expect(api.to(MESSAGES)[0]!.headers['x-buildai-visitor']).toBe('zyxwvutsrqponmlkjihgfe');
  });

  it('a members-only assistant sends the visitor to the app', async () => {
    mockApi({ [INFO]: errorReply('payments/membership-required') });
    renderChat({ surface: 'widget' });
    expect(await screen.findByText('Members only')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe(`/app/${APP}`);
  });
});
