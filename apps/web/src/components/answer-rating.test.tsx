import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppError } from '@buildai/domain';
import { describe, expect, it, vi } from 'vitest';
import { AnswerRating } from './answer-rating';

describe('the rating of an answer', () => {
  it('saves a thumb at once, then sends the optional reason with it', async () => {
    const onRate = vi.fn(() => Promise.resolve({}));
    render(<AnswerRating onRate={onRate} />);
    const down = screen.getByRole('button', { name: 'Bad answer' });
    expect(down.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(down));
    expect(onRate).toHaveBeenNthCalledWith(1, 'down', undefined);
    expect(down.getAttribute('aria-pressed')).toBe('true');
    // the reason is asked for, and optional: Send waits for words
    const reason = await screen.findByLabelText(/What went wrong/);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(reason, { target: { value: '  Wrong opening hours ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(onRate).toHaveBeenNthCalledWith(2, 'down', 'Wrong opening hours');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks for the feedback'));
  });

  it("shows the server's refusal and keeps the thumb unset", async () => {
    const onRate = vi.fn(() => Promise.reject(new AppError('run/not-found')));
    render(<AnswerRating onRate={onRate} what="result" />);
    expect(screen.getByRole('group', { name: 'Rate this result' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Good answer' })));
    expect(screen.getByRole('alert').textContent).toBe('Result not found');
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByLabelText(/What was good/)).toBeNull();
  });

  it('starts from a rating already given', () => {
    render(<AnswerRating initial="up" onRate={() => Promise.resolve()} />);
    expect(screen.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('true');
  });
});
