import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  appSettingsSchema,
  assistantSettingsMessages,
  chatMessages,
  embedOriginMessage,
  type AppView,
  type ChatSettings,
} from '@buildai/domain';
import { errorReply, mockApi, type Reply } from '@/test/mock-api';
import { appView, builder } from '@/test/workspace-fixtures';
import { renderWorkspace } from './workspace-harness';
import { ORIGIN_LISTED } from '@/features/chat-activation/components/embed-origins-editor';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ORIGIN = window.location.origin;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function withChat(chatSettings: ChatSettings, over: Partial<AppView> = {}): AppView {
  return appView({ appSettings: appSettingsSchema.parse({ chatSettings }), ...over });
}

/** A reply the test sends when it chooses, to see what the page shows meanwhile. */
function deferred() {
  let resolve!: (reply: Reply) => void;
  const reply = new Promise<Reply>((r) => (resolve = r));
  return { reply: () => reply, send: resolve };
}

async function openDialog(app: AppView, routes: Parameters<typeof mockApi>[0] = {}, account = builder()) {
  const api = mockApi({ [`GET /api/apps/${app.appId}`]: { body: app }, ...routes });
  const view = renderWorkspace({ account });
  fireEvent.click(await screen.findByRole('button', { name: /App chat/ }));
  const dialog = await screen.findByRole('dialog', { name: chatMessages.activateTitle });
  return { api, dialog, ...view };
}

const statusSwitch = (dialog: HTMLElement) =>
  within(dialog).getByRole('switch', { name: 'Chat assistant' }) as HTMLButtonElement;
const toastShown = (text: string) => screen.findByText(text, { exact: true, selector: 'div' });

describe('App chat: Activate Your Chat Assistant', () => {
  it('opens from App chat of a tool app, off and with nothing to copy yet', async () => {
    const { dialog } = await openDialog(appView());
    expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).getByText('Draft')).toBeTruthy();
    // nothing to copy before the assistant is on
    expect(within(dialog).queryByTestId('chat-widget-snippet')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Data sources' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('opens from App chat of a generated app for a builder who is not an admin', async () => {
    const { dialog } = await openDialog(appView({ appType: 'generated' }), {}, builder({ plan: 'lite' }));
    expect(statusSwitch(dialog)).toBeTruthy();
  });

  it('activates at once, then shows the data sources, the chat page and the widget snippet', async () => {
    const later = deferred();
    const { api, dialog } = await openDialog(withChat({ chatAppId: null, status: 'draft' }), {
      'POST /api/apps/a1/chat/activate': later.reply,
    });
    fireEvent.click(statusSwitch(dialog));
    // optimistic: on before the server answers
    await waitFor(() => expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('true'));
    expect(within(dialog).getByText('Active')).toBeTruthy();
    expect(api.to('POST /api/apps/a1/chat/activate').map((r) => r.body)).toEqual([{ isActive: true }]);
    expect(statusSwitch(dialog).disabled).toBe(true);

    await act(async () => later.send({ body: { isActive: true, chatAppId: 'chat1' } }));
    expect(await toastShown(chatMessages.activated)).toBeTruthy();
    expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByRole('link', { name: 'Data sources' }).getAttribute('href')).toBe(
      '/build/app/chat1',
    );
    expect((within(dialog).getByLabelText('Chat page') as HTMLInputElement).value).toBe(
      `${ORIGIN}/app/a1/chat`,
    );
    expect(within(dialog).getByTestId('chat-widget-snippet').textContent).toBe(
      `<script src="${ORIGIN}/embed.js" data-app="a1" async></script>`,
    );
    expect(within(dialog).getByText(/Any site may show the widget/)).toBeTruthy();
  });

  it("puts the switch back and says 'Failed to activate chat assistant' when the server refuses", async () => {
    const later = deferred();
    const { dialog } = await openDialog(withChat({ chatAppId: null, status: 'draft' }), {
      'POST /api/apps/a1/chat/activate': later.reply,
    });
    fireEvent.click(statusSwitch(dialog));
    await waitFor(() => expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('true'));
    await act(async () => later.send(errorReply('internal')));
    expect(await toastShown(chatMessages.activateFailed)).toBeTruthy();
    expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).queryByTestId('chat-widget-snippet')).toBeNull();
  });

  it('deactivates, keeping the way to its data sources', async () => {
    const { api, dialog } = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }), {
      'POST /api/apps/a1/chat/activate': { body: { isActive: false, chatAppId: 'chat1' } },
    });
    expect(within(dialog).getByTestId('chat-widget-snippet')).toBeTruthy();
    fireEvent.click(statusSwitch(dialog));
    expect(await toastShown(chatMessages.deactivated)).toBeTruthy();
    expect(api.to('POST /api/apps/a1/chat/activate').map((r) => r.body)).toEqual([{ isActive: false }]);
    expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).queryByTestId('chat-widget-snippet')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Data sources' }).getAttribute('href')).toBe(
      '/build/app/chat1',
    );
  });

  it("turns back on and says 'Failed to deactivate chat assistant' when deactivating fails", async () => {
    const { dialog } = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }), {
      'POST /api/apps/a1/chat/activate': { status: 502, body: 'Bad gateway' },
    });
    fireEvent.click(statusSwitch(dialog));
    expect(await toastShown(chatMessages.deactivateFailed)).toBeTruthy();
    await waitFor(() => expect(statusSwitch(dialog).getAttribute('aria-checked')).toBe('true'));
    expect(within(dialog).getByTestId('chat-widget-snippet')).toBeTruthy();
  });

  it('copies the snippet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { dialog } = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy widget snippet' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(
        `<script src="${ORIGIN}/embed.js" data-app="a1" async></script>`,
      ),
    );
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('lists the allowed sites as bare origins, refuses what is not one, and saves them with the settings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, dialog } = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }), {
      'POST /api/apps/a1/settings': (req) => ({ body: req.body }),
    });
    const input = within(dialog).getByLabelText('Site to allow');
    const add = within(dialog).getByRole('button', { name: 'Add' });

    fireEvent.change(input, { target: { value: 'example' } });
    fireEvent.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', embedOriginMessage);

    fireEvent.change(input, { target: { value: 'https://Shop.Example.com/pricing' } });
    fireEvent.click(add);
    const list = await within(dialog).findByRole('list', { name: 'Allowed sites' });
    expect(within(list).getByText('https://shop.example.com')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: 'https://shop.example.com/' } });
    fireEvent.click(add);
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', ORIGIN_LISTED);

    fireEvent.change(input, { target: { value: 'http://localhost:3000' } });
    fireEvent.click(add);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(within(list).getByRole('button', { name: 'Remove https://shop.example.com' }));

    await act(async () => void vi.advanceTimersByTime(2000));
    await vi.waitFor(() => expect(api.to('POST /api/apps/a1/settings')).toHaveLength(1));
    expect(api.to('POST /api/apps/a1/settings')[0]!.body).toMatchObject({
      appSettings: { chatEmbedOrigins: ['http://localhost:3000'] },
    });
  });

  it(
    'shapes the assistant beside a live preview, saving what reads and refusing what does not',
    { timeout: 20_000 },
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { api, dialog } = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }), {
        'POST /api/apps/a1/settings': (req) => ({ body: req.body }),
      });
      const saves = () => api.to('POST /api/apps/a1/settings').map((r) => (r.body as Json).appSettings);
      fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Behaviour' }));
      const preview = within(dialog).getByTestId('widget-preview');

      fireEvent.change(within(dialog).getByLabelText('Welcome message'), {
        target: { value: 'Welcome to the tea shop!' },
      });
      expect(within(preview).getByText('Welcome to the tea shop!')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add a starter question' }));
      // an empty starter does not read: said beside it, and not saved
      expect(await within(dialog).findByText(assistantSettingsMessages.starterEmpty)).toBeTruthy();
      await act(async () => void vi.advanceTimersByTime(2000));
      await vi.waitFor(() => expect(saves()).toHaveLength(1));
      expect(saves()[0].assistantSettings).toMatchObject({
        welcomeMessage: 'Welcome to the tea shop!',
        starters: [],
      });

      fireEvent.change(within(dialog).getByLabelText('Starter question 1'), {
        target: { value: 'When do you open?' },
      });
      expect(within(dialog).queryByText(assistantSettingsMessages.starterEmpty)).toBeNull();
      expect(within(preview).getByText('When do you open?')).toBeTruthy();

      fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Widget' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Bottom left' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sparkles' }));
      fireEvent.change(within(dialog).getByLabelText('Greeting bubble'), { target: { value: 'Questions?' } });
      expect(within(preview).getByTestId('widget-preview-bubble').dataset.position).toBe('bottom-left');
      fireEvent.click(within(preview).getByRole('button', { name: 'Closed' }));
      expect(within(preview).getByTestId('widget-preview-greeting').textContent).toBe('Questions?');

      await act(async () => void vi.advanceTimersByTime(2000));
      await vi.waitFor(() => expect(saves()).toHaveLength(2));
      expect(saves()[1].assistantSettings).toMatchObject({
        starters: ['When do you open?'],
        widget: { position: 'bottom-left', icon: 'sparkles', greeting: 'Questions?' },
      });
    },
  );

  it(
    'offers the model and temperature to admins only, as the tools’ settings do',
    { timeout: 20_000 },
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const models = {
        'GET /api/builder/models': { body: { models: [{ id: 'openai/gpt-4o', name: 'GPT-4o' }] } },
        'POST /api/apps/a1/settings': (req: { body: unknown }) => ({ body: req.body }),
      };
      const asBuilder = await openDialog(withChat({ chatAppId: 'chat1', status: 'active' }), models);
      fireEvent.mouseDown(within(asBuilder.dialog).getByRole('tab', { name: 'Behaviour' }));
      expect(within(asBuilder.dialog).queryByLabelText('Model')).toBeNull();
      asBuilder.unmount();

      const { api, dialog } = await openDialog(
        withChat({ chatAppId: 'chat1', status: 'active' }),
        models,
        builder({ isAdmin: true }),
      );
      fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'Behaviour' }));
      const model = within(dialog).getByLabelText('Model') as HTMLSelectElement;
      expect(model.value).toBe('');
      await within(dialog).findByRole('option', { name: 'GPT-4o' });
      fireEvent.change(model, { target: { value: 'openai/gpt-4o' } });
      await act(async () => void vi.advanceTimersByTime(2000));
      await vi.waitFor(() => expect(api.to('POST /api/apps/a1/settings')).toHaveLength(1));
      expect(api.to('POST /api/apps/a1/settings')[0]!.body).toMatchObject({
        appSettings: { assistantSettings: { model: 'openai/gpt-4o', temperature: null } },
      });
    },
  );

  it('says an unpublished app’s assistant is for its builders until published', async () => {
    const { dialog } = await openDialog(
      withChat({ chatAppId: 'chat1', status: 'active' }, { isPublished: false }),
    );
    expect(within(dialog).getByText(/only you and your collaborators can try the assistant/)).toBeTruthy();
  });
});
