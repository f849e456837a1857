import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Citation, LogDetail, LogEntry } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { LogDetailSheet } from './log-detail-sheet';

const hours: Citation = {
  itemId: 'i1',
  itemName: 'Opening hours',
  passages: ['The tea shop opens at nine on Sundays.'],
};

function entry(over: Partial<LogEntry> = {}): LogEntry {
  return {
    runId: 'r1',
    createdAt: new Date().toISOString(),
    email: null,
    who: 'anon:v1',
    source: 'web',
    kind: 'tool',
    toolId: 't1',
    toolTitle: 'Tea slogans',
    conversationId: null,
    status: 'succeeded',
    errorCode: null,
    inputs: { topic: 'oolong' },
    masked: [],
    output: 'Oolong: calm hills in a cup.',
    model: 'gpt-4o-mini',
    usage: null,
    credits: 1,
    rating: null,
    ratingReason: null,
    ...over,
  };
}

function show(detail: LogDetail) {
  mockApi({ 'GET /api/apps/a1/logs/r1': { body: detail } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LogDetailSheet appId="a1" runId="r1" reveal={false} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the log run view', () => {
  it('lists the data sources a tool run drew on, under its answer, with the passages the model read', async () => {
    show({ entry: entry(), citations: [hours], conversation: null });
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Oolong: calm hills in a cup.')).toBeTruthy();
    const sources = within(answer).getByRole('list', { name: 'Sources' });
    fireEvent.click(within(sources).getByRole('button', { name: /Opening hours/ }));
    expect(await screen.findByText('The tea shop opens at nine on Sundays.')).toBeTruthy();
  });

  it("lists each answer's sources in an assistant conversation, and none under the user's messages", async () => {
    show({
      entry: entry({ kind: 'assistant', toolId: null, toolTitle: null, conversationId: 'c1' }),
      citations: [hours],
      conversation: {
        conversationId: 'c1',
        title: 'Sunday hours',
        messages: [
          {
            id: 'm1',
            role: 'user',
            text: 'When do you open on Sundays?',
            createdAt: new Date().toISOString(),
            runId: null,
            rating: null,
            ratingReason: null,
            citations: [],
          },
          {
            id: 'm2',
            role: 'assistant',
            text: 'At nine.',
            createdAt: new Date().toISOString(),
            runId: 'r1',
            rating: 'up',
            ratingReason: null,
            citations: [hours],
          },
        ],
      },
    });
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    const lists = within(conversation).getAllByRole('list', { name: 'Sources' });
    expect(lists).toHaveLength(1);
    expect(lists[0]!.closest('[data-role]')?.getAttribute('data-role')).toBe('assistant');
    expect(within(lists[0]!).getByRole('button', { name: /Opening hours/ })).toBeTruthy();
  });

  it('shows no sources where the run drew on none', async () => {
    show({ entry: entry(), citations: [], conversation: null });
    await screen.findByRole('region', { name: 'Answer' });
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});
