import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionCall } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { FunctionLog } from './function-log';

afterEach(() => vi.unstubAllGlobals());

const LOG = 'GET /api/apps/app1/functions/logs';

const call = (over: Partial<FunctionCall>): FunctionCall => ({
  id: over.name ?? 'c',
  name: 'weather',
  source: 'preview',
  callerKind: 'owner',
  ok: true,
  errorCode: null,
  error: null,
  durationMs: 12,
  cpuMs: 3,
  logs: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

function renderLog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FunctionLog appId="app1" />
    </QueryClientProvider>,
  );
}

describe('the function log', () => {
  it('lists the calls; a failed one opens with its error, logs and timings; an ok one opens on click', async () => {
    mockApi({
      [LOG]: {
        body: {
          calls: [
            call({
              id: 'c2',
              name: 'pay',
              ok: false,
              errorCode: 'function/timeout',
              error: 'Not finished within 10000 ms',
              durationMs: 10004,
              cpuMs: 2,
              logs: [{ level: 'log', text: 'charging' }],
            }),
            call({ id: 'c1', logs: [{ level: 'info', text: 'weather answered 200' }] }),
          ],
        },
      },
    });
    renderLog();
    const list = await screen.findByRole('list', { name: 'Function calls' }, { timeout: 5_000 });
    const [failed, ok] = within(list).getAllByRole('listitem');
    expect(within(failed!).getByText('functions/pay.ts')).toBeTruthy();
    expect(within(failed!).getByText('Error')).toBeTruthy();
    expect(within(failed!).getByText('The function did not finish within 10 seconds')).toBeTruthy();
    expect(within(failed!).getByText('Not finished within 10000 ms')).toBeTruthy();
    expect(within(failed!).getByLabelText('Logs of pay').textContent).toBe('[log] charging');
    expect(within(failed!).getByText('10004 ms in all, 2 ms of CPU')).toBeTruthy();
    expect(within(ok!).getByText('OK')).toBeTruthy();
    expect(within(ok!).queryByLabelText('Logs of weather')).toBeNull();
    fireEvent.click(within(ok!).getByRole('button'));
    expect(within(ok!).getByLabelText('Logs of weather').textContent).toBe('[info] weather answered 200');
  });

  it('says when there are no calls yet, and shows a failure with Try again', async () => {
    mockApi({ [LOG]: [{ body: { calls: [] } }] });
    const first = renderLog();
    expect(await screen.findByText('No function calls yet', {}, { timeout: 5_000 })).toBeTruthy();
    first.unmount();
    mockApi({ [LOG]: errorReply('app/not-found') });
    renderLog();
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 })).toBeTruthy();
  });
});
