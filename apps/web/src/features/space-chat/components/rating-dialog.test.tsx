import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { negativeRatingReasons, positiveRatingReasons, spaceTexts } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { APP, renderChat, stored } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;
const RATING = `POST /api/apps/${APP}/rating`;
const history = {
  messages: [stored('user', 'Make it blue', { id: 'u1' }), stored('assistant', 'Now blue.', { id: 'a1' })],
};

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  // the file's first render loads the chat (lazily, with its dialogs and panels)
  fireEvent.click(await screen.findByRole('button', { name: spaceTexts.rateThis }, { timeout: 5_000 }));
  return screen.findByRole('dialog', { name: spaceTexts.rateTitle });
}
const submitButton = (d: HTMLElement) => within(d).getByRole('button', { name: 'Submit' });

describe('rating dialog', { timeout: 20_000 }, () => {
  it('needs a score, shows the reasons that fit it, and sends the trimmed comment', async () => {
    const api = mockApi({
      [MESSAGES]: { body: history },
      [RATING]: {
        body: {
          ok: true,
          rating: { score: 2, feedback: [], comment: '', createdAt: '2026-01-01T00:00:00Z' },
        },
      },
    });
    renderChat();
    const dialog = await openDialog();
    expect(submitButton(dialog).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByText(spaceTexts.whatLiked)).toBeNull();
    expect(within(dialog).queryByText(spaceTexts.whatWrong)).toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: '5 out of 5' }));
    expect(within(dialog).getByText(spaceTexts.whatLiked)).toBeTruthy();
    for (const r of positiveRatingReasons)
      expect(within(dialog).getByRole('button', { name: r })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: negativeRatingReasons[0] })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Beautiful design' }));

    // a low score swaps the reasons and drops the liked ones
    fireEvent.click(within(dialog).getByRole('radio', { name: '2 out of 5' }));
    expect(within(dialog).getByText(spaceTexts.whatWrong)).toBeTruthy();
    for (const r of negativeRatingReasons)
      expect(within(dialog).getByRole('button', { name: r })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Design looks poor' }));
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), {
      target: { value: '  too grey  ' },
    });
    expect(submitButton(dialog).hasAttribute('disabled')).toBe(false);
    fireEvent.click(submitButton(dialog));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(RATING).map((r) => r.body)).toEqual([
      { messageId: 'a1', score: 2, feedback: ['Design looks poor'], comment: 'too grey' },
    ]);
    const rated = screen.getByRole('button', { name: spaceTexts.alreadyRated });
    expect(rated.hasAttribute('disabled')).toBe(true);
  });

  it('a failure keeps the dialog open with the toast, and cancel is blocked while sending', async () => {
    let release!: () => void;
    const api = mockApi({
      [MESSAGES]: { body: history },
      [RATING]: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 500, body: { error: { code: 'internal', message: 'boom' } } });
        }),
    });
    renderChat();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 out of 5' }));
    fireEvent.click(submitButton(dialog));
    await waitFor(() => expect(api.to(RATING)).toHaveLength(1));
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel.hasAttribute('disabled')).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: spaceTexts.rateTitle })).toBeTruthy();

    release();
    expect(await screen.findByText(spaceTexts.ratingFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: spaceTexts.rateTitle })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '4 out of 5' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('is hidden for a read-only chat and for an already rated message it reads already rated', async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Hi'),
            stored('assistant', 'Hello', {
              annotation: {
                rating: { score: 5, feedback: [], comment: '', createdAt: '2026-01-01T00:00:00Z' },
              },
            }),
          ],
        },
      },
    });
    const { unmount } = renderChat();
    expect(
      (await screen.findByRole('button', { name: spaceTexts.alreadyRated })).hasAttribute('disabled'),
    ).toBe(true);
    unmount();
    mockApi({ [MESSAGES]: { body: history } });
    renderChat({ readOnly: true });
    await screen.findByText('Now blue.');
    expect(screen.queryByRole('button', { name: spaceTexts.rateThis })).toBeNull();
  });
});
