import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Evaluation, EvaluationRun } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { EvaluationPage } from './evaluation-page';

const target: Evaluation['target'] = {
  id: 't1',
  kind: 'tool',
  name: 'Slogan maker',
  fields: [
    { name: 'input', label: 'Your input', required: true },
    { name: 'tone', label: 'Tone', required: false },
  ],
  prompt: 'Write a slogan about {{input}}.',
  model: 'gpt-4o-mini',
};

function makeEvaluation(over: Partial<Evaluation> = {}): Evaluation {
  return {
    target,
    appName: 'Acme',
    defaultJudgeModel: 'gpt-4o-mini',
    cases: [],
    updatedAt: null,
    runs: [],
    ...over,
  };
}

const teaCase = {
  id: 'tea',
  name: 'Green tea',
  inputs: { input: 'green tea' },
  expectations: [{ type: 'contains' as const, value: 'tea' }],
};

const run: EvaluationRun = {
  runId: 'r1',
  status: 'finished',
  error: null,
  judgeModel: null,
  judgeCost: 0,
  caseCount: 1,
  createdAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
  variants: [
    {
      model: 'gpt-4o-mini',
      editedPrompt: false,
      prompt: null,
      passed: 1,
      total: 1,
      passRate: 1,
      cost: 0.00002,
      latencyMs: 420,
    },
    {
      model: 'gpt-4o',
      editedPrompt: true,
      prompt: 'Haiku',
      passed: 0,
      total: 1,
      passRate: 0,
      cost: 0.0004,
      latencyMs: 1530,
    },
  ],
  results: [
    {
      caseId: 'tea',
      variant: 0,
      output: 'Tea time.',
      error: null,
      passed: true,
      checks: [{ type: 'contains', passed: true, detail: '' }],
      latencyMs: 420,
      cost: 0.00002,
      tokens: 20,
    },
    {
      caseId: 'tea',
      variant: 1,
      output: 'Leaves fall.',
      error: null,
      passed: false,
      checks: [{ type: 'contains', passed: false, detail: 'The answer does not contain "tea"' }],
      latencyMs: 1530,
      cost: 0.0004,
      tokens: 30,
    },
  ],
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/evaluations/app/:appId/:target', element: <EvaluationPage /> },
      { path: '/build/app/:appId/tool/:toolId', element: <p>Tool editor</p> },
    ],
    { initialEntries: ['/evaluations/app/a1/t1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const models = {
  body: {
    models: [
      { id: 'gpt-4o-mini', name: 'GPT-4o mini (default)' },
      { id: 'gpt-4o', name: 'OpenAI: GPT-4o' },
    ],
  },
};

describe('/evaluations/app/:appId/:target', () => {
  it('starts empty, and saves a case written in the form', async () => {
    const api = mockApi({
      'GET /api/apps/a1/evaluations/t1': { body: makeEvaluation() },
      'GET /api/builder/models': models,
      'PUT /api/apps/a1/evaluations/t1': (req) => ({
        body: makeEvaluation({ cases: (req.body as Evaluation).cases, updatedAt: '2026-01-01T00:00:00Z' }),
      }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Evaluate Slogan maker', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the tool/ }).getAttribute('href')).toBe(
      '/build/app/a1/tool/t1',
    );
    expect(screen.getByText('No test cases yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run evaluation' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Add a test case first')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a case' }));
    const card = screen.getByRole('region', { name: 'Case 1' });
    fireEvent.change(within(card).getByLabelText(/Your input/), { target: { value: 'green tea' } });
    expect(screen.getByText('Fix the cases first: Case 1: write the text to look for')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Case 1 expectation 1: contains'), {
      target: { value: 'tea' },
    });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save cases' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    const [sent] = api.requests.filter((r) => r.method === 'PUT');
    expect((sent!.body as { cases: unknown[] }).cases).toEqual([
      expect.objectContaining({
        inputs: { input: 'green tea' },
        expectations: [{ type: 'contains', value: 'tea' }],
      }),
    ]);
  });

  it('shows the latest run side by side: pass rate, cost, latency and why a case failed', async () => {
    mockApi({
      'GET /api/apps/a1/evaluations/t1': { body: makeEvaluation({ cases: [teaCase], runs: [run] }) },
      'GET /api/apps/a1/evaluations/t1/runs/r1': { body: run },
      'GET /api/builder/models': models,
    });
    renderPage();
    expect((await screen.findByLabelText('Pass rate of A')).textContent).toBe('100%');
    expect(screen.getByLabelText('Pass rate of B').textContent).toBe('0%');
    const b = screen.getByTestId('variant-B');
    expect(b.textContent).toContain('gpt-4o');
    expect(b.textContent).toContain('Edited prompt');
    expect(b.textContent).toContain('$0.00040');
    expect(b.textContent).toContain('1.5 s');
    const results = screen.getByRole('list', { name: 'Case results' });
    expect(within(results).getByText('Green tea')).toBeTruthy();
    expect(within(results).getByText(': The answer does not contain "tea"')).toBeTruthy();
  });

  it('runs two models side by side', async () => {
    const api = mockApi({
      'GET /api/apps/a1/evaluations/t1': {
        body: makeEvaluation({ cases: [teaCase], updatedAt: '2026-01-01T00:00:00Z' }),
      },
      'GET /api/builder/models': models,
      'POST /api/apps/a1/evaluations/t1/runs': {
        status: 201,
        body: { ...run, runId: 'r2', status: 'running', results: [] },
      },
      'GET /api/apps/a1/evaluations/t1/runs/r2': { body: { ...run, runId: 'r2' } },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Compare side by side' }));
    await screen.findAllByRole('option', { name: 'OpenAI: GPT-4o' });
    fireEvent.change(screen.getByLabelText('Model of B'), { target: { value: 'gpt-4o' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run side by side' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(api.requests.find((r) => r.method === 'POST')!.body).toEqual({
      variants: [{}, { model: 'gpt-4o' }],
    });
    expect((await screen.findByLabelText('Pass rate of B')).textContent).toBe('0%');
  });

  it('says why the evaluation could not be loaded', async () => {
    mockApi({
      'GET /api/apps/a1/evaluations/t1': errorReply('tool/not-found'),
      'GET /api/builder/models': models,
    });
    renderPage();
    expect(await screen.findByText("The evaluation couldn't be loaded")).toBeTruthy();
    expect(screen.getByText('Tool not found')).toBeTruthy();
  });
});
