import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { APP, renderChat, serveChat, stored, uiStream } from '../test/chat-fixtures';

// A builder adds a screenshot to a message (picked, pasted or dropped); it goes with the message as a file part and
// shows in the history; what is not an image is refused with a clear line (spec 001 §3, decision 0012).

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;
/** A real 1×1 GIF: sent as it is (a GIF is not redrawn, so jsdom needs no canvas). */
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const gifFile = (name: string) =>
  new File([Uint8Array.from(atob(GIF), (c) => c.charCodeAt(0))], name, { type: 'image/gif' });

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});

describe('images in the chat', { timeout: 20_000 }, () => {
  it('sends a picked image with the text, as a file part with its data', async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { body: { messages: [] } }] });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    renderChat();
    await screen.findByLabelText('Message');
    fireEvent.change(screen.getByLabelText('Add images'), { target: { files: [gifFile('design.gif')] } });
    const tray = await screen.findByRole('list', { name: 'Images to send' });
    expect(within(tray).getByRole('img', { name: 'design.gif' }).getAttribute('src')).toBe(
      `data:image/gif;base64,${GIF}`,
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Make this page' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as { message: { parts: unknown[] } }).message.parts).toEqual([
      { type: 'file', mediaType: 'image/gif', url: `data:image/gif;base64,${GIF}`, filename: 'design.gif' },
      { type: 'text', text: 'Make this page' },
    ]);
    // the tray is empty again once sent
    expect(screen.queryByRole('list', { name: 'Images to send' })).toBeNull();
    act(() => turn.end());
  });

  it('sends an image alone, pasted, and refuses a file that is not an image', async () => {
    const api = mockApi({ [MESSAGES]: [{ body: { messages: [] } }, { body: { messages: [] } }] });
    const turn = uiStream();
    const posts = serveChat(api, [turn]);
    renderChat();
    const box = await screen.findByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.paste(box, {
      clipboardData: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'notes.txt is not an image: the chat takes PNG, JPEG, WebP or GIF',
    );
    fireEvent.paste(box, { clipboardData: { files: [gifFile('shot.gif')] } });
    await screen.findByRole('img', { name: 'shot.gif' });
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect((posts[0] as { message: { parts: { type: string }[] } }).message.parts.map((p) => p.type)).toEqual(
      ['file'],
    );
    act(() => turn.end());
  });

  it("shows a message's stored images in the history", async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Like this', {
              parts: [
                { type: 'text', text: 'Like this' },
                {
                  type: 'file',
                  mediaType: 'image/png',
                  url: '/api/files/accounts/a/apps/b/chat/image-c.png',
                  filename: 'shot.png',
                },
              ],
            }),
          ],
        },
      },
    });
    renderChat();
    const image = await screen.findByRole('img', { name: 'shot.png' });
    expect(image.getAttribute('src')).toBe('/api/files/accounts/a/apps/b/chat/image-c.png');
    expect(screen.getByText('Like this')).toBeTruthy();
  });
});
