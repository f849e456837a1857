import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { AddColumnHeader, addColumnMessage } from './add-column';

function setUp(request: (text: string) => Promise<void>, busy = false) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddColumnHeader entity="Task" chat={{ busy, request }} width="48px" />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
  const box = () => screen.getByLabelText('New column') as HTMLTextAreaElement;
  const ask = () =>
    screen.getByRole('button', { name: /Ask the chat|The chat is busy/ }) as HTMLButtonElement;
  return { box, ask };
}

describe('the add-column header', () => {
  it('sends the description to the chat, then closes with the box emptied', async () => {
    const request = vi.fn(async () => undefined);
    const { box, ask } = setUp(request);
    expect(ask().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '  priority: low, medium or high ' } });
    expect(ask().disabled).toBe(false);
    fireEvent.click(ask());
    await waitFor(() => expect(screen.queryByLabelText('New column')).toBeNull());
    expect(request).toHaveBeenCalledWith(addColumnMessage('Task', 'priority: low, medium or high'));
    expect(request.mock.calls[0]).toEqual([
      'Please add a column to the entity "Task": priority: low, medium or high',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    expect((screen.getByLabelText('New column') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the description and says so when the chat could not take it', async () => {
    const request = vi.fn(async () => {
      throw new Error('The chat did not take the message');
    });
    const { box, ask } = setUp(request);
    fireEvent.change(box(), { target: { value: 'due date' } });
    fireEvent.click(ask());
    expect(await screen.findByText('The chat could not take the request')).toBeTruthy();
    expect(box().value).toBe('due date');
    expect(ask().disabled).toBe(false);
  });

  it('waits while the chat is busy', () => {
    const request = vi.fn(async () => undefined);
    const { box, ask } = setUp(request, true);
    fireEvent.change(box(), { target: { value: 'due date' } });
    expect(ask().textContent).toBe('The chat is busy…');
    expect(ask().disabled).toBe(true);
  });
});
