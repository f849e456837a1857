import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type ApiKeyView, type AppView } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { appView, tool, withProviders } from '@/test/workspace-fixtures';
import { API_KEY_REVOKED, ApiAccessSection } from './api-access-section';
import { KEY_SHOWN_ONCE } from './api-key-created-dialog';

afterEach(() => vi.unstubAllGlobals());

const ORIGIN = window.location.origin;
const KEY = `bai_sk_${'A'.repeat(43)}`;
const OLD: ApiKeyView = {
  id: 'k1',
  name: 'Zapier',
  prefix: 'bai_sk_xY12z',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: null,
};

function renderSection(app: AppView = appView()) {
  return render(withProviders(<ApiAccessSection app={app} />));
}
const toastShown = (text: string) => screen.findByText(text, { exact: true, selector: 'div' });

describe('API access', () => {
  it('lists the keys by name, first characters, creation day and last use, never the keys', async () => {
    mockApi({
      'GET /api/apps/a1/api-keys': {
        body: {
          apiKeys: [
            {
              ...OLD,
              id: 'k2',
              name: 'Website',
              lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
            },
            OLD,
          ],
        },
      },
    });
    renderSection();
    const list = await screen.findByRole('list', { name: 'API keys' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Websitebai_sk_xY12z…Created Mar 1, 2025 · Last used 3 hours ago',
      'Zapierbai_sk_xY12z…Created Mar 1, 2025 · Never used',
    ]);
  });

  it('says when there is no key yet, and refuses an empty name before sending', async () => {
    const api = mockApi({ 'GET /api/apps/a1/api-keys': { body: { apiKeys: [] } } });
    renderSection();
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Give the key a name');
    expect(api.to('POST /api/apps/a1/api-keys')).toHaveLength(0);
  });

  it('creates a key and shows it once with Copy, a curl example of a tool run, and the MCP and OpenAI addresses', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const api = mockApi({
      'GET /api/apps/a1/api-keys': [
        { body: { apiKeys: [] } },
        { body: { apiKeys: [{ ...OLD, id: 'k9', name: 'Backend' }] } },
      ],
      'POST /api/apps/a1/api-keys': {
        body: {
          id: 'k9',
          name: 'Backend',
          key: KEY,
          prefix: 'bai_sk_AAAAA',
          createdAt: '2025-03-02T00:00:00.000Z',
        },
      },
    });
    const app = appView({
      tools: [
        tool({ toolId: 't1', path: 'draft-one', status: 'draft' }),
        tool({
          toolId: 't2',
          title: 'Slogans',
          path: 'slogans',
          status: 'active',
          app: {
            header: 'Slogans',
            inputPlaceholder: 'A bakery',
            fields: [
              { name: 'tone', label: 'Tone', type: 'text', required: true, personal: false, memorize: false },
              {
                name: 'notes',
                label: 'Notes',
                type: 'text',
                required: false,
                personal: false,
                memorize: false,
              },
            ],
          },
        }),
      ],
    });
    renderSection(app);
    await screen.findByText(/No API keys yet/);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: '  Backend ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: /Your API key “Backend”/ });
    expect(api.to('POST /api/apps/a1/api-keys').map((r) => r.body)).toEqual([{ name: 'Backend' }]);
    expect(within(dialog).getByText(KEY_SHOWN_ONCE)).toBeTruthy();
    expect(within(dialog).getByTestId('api-key-value').textContent).toBe(KEY);
    expect(within(dialog).getByText('Run Slogans')).toBeTruthy();
    expect(within(dialog).getByTestId('api-key-curl').textContent).toBe(
      [
        `curl -X POST ${ORIGIN}/api/v1/apps/a1/tools/slogans/run \\`,
        `  -H "Authorization: Bearer ${KEY}" \\`,
        '  -H "Content-Type: application/json" \\',
        `  -d '{"inputs":{"input":"A bakery","tone":"Tone"}}'`,
      ].join('\n'),
    );
    expect((within(dialog).getByLabelText('MCP server') as HTMLInputElement).value).toBe(`${ORIGIN}/mcp/a1`);
    expect((within(dialog).getByLabelText('OpenAI base URL') as HTMLInputElement).value).toBe(
      `${ORIGIN}/api/v1`,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy API key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // the list has the new key, without the key itself; the form is empty again
    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('Backend')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(KEY);
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('');
  });

  it('an app without tools gets an example of its assistant through the OpenAI-compatible chat', async () => {
    mockApi({
      'GET /api/apps/a1/api-keys': { body: { apiKeys: [] } },
      'POST /api/apps/a1/api-keys': {
        body: {
          id: 'k9',
          name: 'Chat',
          key: KEY,
          prefix: 'bai_sk_AAAAA',
          createdAt: '2025-03-02T00:00:00.000Z',
        },
      },
    });
    renderSection(appView({ appType: 'space', tools: [] }));
    await screen.findByText(/No API keys yet/);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'Chat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: /Your API key/ });
    expect(within(dialog).getByText('Chat with your assistant')).toBeTruthy();
    expect(within(dialog).getByTestId('api-key-curl').textContent).toContain(
      `${ORIGIN}/api/v1/chat/completions`,
    );
  });

  it("shows the server's refusal next to the name (20 keys at most)", async () => {
    mockApi({
      'GET /api/apps/a1/api-keys': { body: { apiKeys: [OLD] } },
      'POST /api/apps/a1/api-keys': errorReply('api-key/too-many'),
    });
    renderSection();
    await screen.findByRole('list', { name: 'API keys' });
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      errorCatalogue['api-key/too-many'].message,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Key name') as HTMLInputElement).value).toBe('One more');
  });

  it('revokes a key only after confirming', async () => {
    const api = mockApi({
      'GET /api/apps/a1/api-keys': { body: { apiKeys: [OLD] } },
      'DELETE /api/apps/a1/api-keys/k1': { status: 204 },
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke “Zapier”?' });
    expect(confirm.textContent).toContain('stops working at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('DELETE /api/apps/a1/api-keys/k1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Zapier' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke “Zapier”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await toastShown(API_KEY_REVOKED)).toBeTruthy();
    expect(api.to('DELETE /api/apps/a1/api-keys/k1')).toHaveLength(1);
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
  });

  it('keeps the key listed and says why when revoking fails', async () => {
    mockApi({
      'GET /api/apps/a1/api-keys': { body: { apiKeys: [OLD] } },
      'DELETE /api/apps/a1/api-keys/k1': errorReply('api-key/not-found'),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await toastShown(errorCatalogue['api-key/not-found'].message)).toBeTruthy();
    // the question stays, to try again or cancel
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'API keys' })).getByText('Zapier')).toBeTruthy();
  });

  it('offers to try again when the list fails', async () => {
    mockApi({ 'GET /api/apps/a1/api-keys': [errorReply('internal'), { body: { apiKeys: [OLD] } }] });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'API keys' })).toBeTruthy();
  });
});
