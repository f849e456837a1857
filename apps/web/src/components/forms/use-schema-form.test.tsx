import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppError } from '@buildai/domain';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form';

const schema = z.object({ name: z.string().trim().min(1, 'Enter a name.') });

function NameForm({ send }: { send: (values: { name: string }) => Promise<unknown> }) {
  const { form, submit, pending, errorOf, formError } = useSchemaForm({
    schema,
    defaultValues: { name: '' },
    byCode: { 'request/invalid': 'name' },
    send,
  });
  return (
    <form onSubmit={submit} noValidate>
      <input aria-label="Name" {...form.register('name')} />
      {errorOf('name') && <p>field: {errorOf('name')}</p>}
      {formError && <p>form: {formError}</p>}
      <button type="submit">{pending ? 'Saving…' : 'Save'}</button>
    </form>
  );
}

const renderForm = (send: (values: { name: string }) => Promise<unknown>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NameForm send={send} />
    </QueryClientProvider>,
  );

describe('useSchemaForm', () => {
  it('checks the schema before sending, then sends the parsed values and is pending meanwhile', async () => {
    const sent: { name: string }[] = [];
    let finish = () => {};
    renderForm((values) => {
      sent.push(values);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('field: Enter a name.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Ada  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect(sent).toEqual([{ name: 'Ada' }]);
    finish();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('puts a refusal next to its field by code, anything else under the form', async () => {
    const replies = [
      new AppError('request/invalid', { status: 400, message: 'That name is taken' }),
      new Error('socket closed'),
    ];
    renderForm(() => Promise.reject(replies.shift()));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('field: That name is taken')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`form: ${new AppError('internal').message}`)).toBeTruthy();
  });
});
