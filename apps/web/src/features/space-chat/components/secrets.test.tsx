import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secretsTexts, type AppSecret, type ChatAction } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { APP, renderChat, serveChat, stored, uiStream } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;
const SECRETS = `/api/apps/${APP}/secrets`;

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const requestAction = (names: string[], content?: string): ChatAction => ({
  title: `Request secrets ${names.join(', ')}`,
  type: 'request_secrets',
  content:
    content ?? JSON.stringify(names.map((n) => ({ secretName: n, description: `The ${n} of the service` }))),
  isComplete: true,
  isTruncated: false,
});

const secret = (key: string, isSet: boolean): AppSecret => ({
  key,
  description: `The ${key} of the service`,
  instructions: '',
  required: true,
  isSet,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const chatWith = (action: ChatAction) => ({
  body: {
    messages: [
      stored('user', 'Show the weather'),
      stored('assistant', 'Please set your key.', { actions: [action] }),
    ],
  },
});

const secretsBody = (secrets: AppSecret[]) => ({
  body: { secrets, missing: secrets.filter((s) => !s.isSet).map((s) => s.key) },
});

describe('the secrets of a request_secrets action', { timeout: 20_000 }, () => {
  it("needs every value, saves them, says so, and 500 ms later sends 'I've added … secrets'", async () => {
    let saved = false;
    const api = mockApi({
      [MESSAGES]: chatWith(requestAction(['WEATHER_KEY'])),
      [`GET ${SECRETS}`]: () => secretsBody([secret('WEATHER_KEY', saved)]),
      [`POST ${SECRETS}`]: () => {
        saved = true;
        return secretsBody([secret('WEATHER_KEY', true)]);
      },
    });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    renderChat();

    // the missing-secret check feeds the issues panel
    await screen.findByRole('button', { name: 'Set secrets' }, { timeout: 5_000 });
    expect(await screen.findByRole('button', { name: '1 issue' })).toBeTruthy();
    const button = await screen.findByRole('button', { name: 'Set secrets' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(secretsTexts.setTitle)).toBeTruthy();
    expect(within(dialog).getByText('The WEATHER_KEY of the service')).toBeTruthy();

    // a blank value is refused, nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(secretsTexts.valuesRequiredTitle)).toBeTruthy();
    expect(screen.getByText(secretsTexts.valuesRequired)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === SECRETS)).toHaveLength(0);

    const field = within(dialog).getByLabelText('WEATHER_KEY') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.change(field, { target: { value: 'wk-123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(secretsTexts.savedTitle)).toBeTruthy();
    expect(screen.getByText(secretsTexts.saved)).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST' && r.path === SECRETS)!.body).toEqual({
      secrets: [{ key: 'WEATHER_KEY', value: 'wk-123' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the follow-up goes to the chat after the spec's 500 ms, not before
    expect(posts).toHaveLength(0);
    await waitFor(() => expect(posts).toHaveLength(1), { timeout: 3000 });
    expect(JSON.stringify(posts[0])).toContain("I've added WEATHER_KEY secrets");
    act(() => {
      turn.push({ type: 'start', messageId: 'a9' }, { type: 'finish' });
      turn.end();
    });
    // all set: the button reads Update, and the dialog Update secrets
    const update = await screen.findByRole('button', { name: 'Update secrets' });
    fireEvent.click(update);
    expect(within(await screen.findByRole('dialog')).getByText(secretsTexts.updateTitle)).toBeTruthy();
  });

  it('shows the partial count when some are set, and nothing for content that does not parse', async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Pay and mail'),
            stored('assistant', 'Set these.', {
              actions: [requestAction(['STRIPE_KEY', 'MAIL_KEY']), requestAction(['BROKEN'], '{not json')],
            }),
          ],
        },
      },
      [`GET ${SECRETS}`]: secretsBody([secret('STRIPE_KEY', true), secret('MAIL_KEY', false)]),
    });
    renderChat();
    expect(await screen.findByRole('button', { name: '1/2 secrets' }, { timeout: 5_000 })).toBeTruthy();
    const broken = screen.getByText('Request secrets BROKEN').closest('li')!;
    expect(within(broken).queryByRole('button')).toBeNull();
  });

  it("a refused save says 'Failed to set secrets' with the server's words and keeps the dialog", async () => {
    mockApi({
      [MESSAGES]: chatWith(requestAction(['WEATHER_KEY'])),
      [`GET ${SECRETS}`]: secretsBody([secret('WEATHER_KEY', false)]),
      [`POST ${SECRETS}`]: errorReply('secrets/too-many'),
    });
    renderChat();
    const button = await screen.findByRole('button', { name: 'Set secrets' }, { timeout: 5_000 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('WEATHER_KEY'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(secretsTexts.failedTitle)).toBeTruthy();
    expect(screen.getByText('An app holds at most 50 secrets')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
