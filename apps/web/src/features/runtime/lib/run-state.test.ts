import { describe, expect, it } from 'vitest';
import {
  IDLE_RUN,
  runReducer,
  runStatusEvents,
  runStatuses,
  runTransition,
  type RunAction,
  type RunState,
  type RunStatus,
  type RunStatusEvent,
} from './run-state';

/** Spec 001 §4, written out by hand: every (status, event) pair that moves, and where to. */
const EXPECTED: [RunStatus, RunStatusEvent, RunStatus][] = [
  ['idle', 'generate', 'loading'],
  ['idle', 'search-similar-item', 'loading'],
  ['idle', 'query-context-items', 'loading'],
  ['loading', 'success', 'success'],
  ['loading', 'error', 'error'],
  ['loading', 'cancel', 'error'],
  ['success', 'validate', 'loading'],
  ['success', 'reset', 'idle'],
  ['error', 'reset', 'idle'],
];

function action(event: RunStatusEvent): RunAction {
  return event === 'error'
    ? { type: 'error', code: 'ai/provider-failed', message: 'Failed' }
    : { type: event };
}

function inStatus(status: RunStatus): RunState {
  return {
    ...IDLE_RUN,
    status,
    text: status === 'idle' ? '' : 'partial',
    runId: status === 'idle' ? null : 'r1',
  };
}

describe('run state machine', () => {
  it.each(EXPECTED)('%s --%s--> %s', (from, event, to) => {
    expect(runTransition(from, event)).toBe(to);
    expect(runReducer(inStatus(from), action(event)).status).toBe(to);
  });

  const ignored = runStatuses.flatMap((status) =>
    runStatusEvents
      .filter((event) => !EXPECTED.some(([s, e]) => s === status && e === event))
      .map((event) => [status, event] as const),
  );

  it('ignores the 23 other pairs', () => {
    expect(ignored).toHaveLength(4 * 8 - EXPECTED.length);
  });

  it.each(ignored)('%s ignores %s (same state object)', (status, event) => {
    const state = inStatus(status);
    expect(runTransition(status, event)).toBeNull();
    expect(runReducer(state, action(event))).toBe(state);
  });
});

describe('runReducer data', () => {
  it('streams a run from Idle to Success with its id, model and text', () => {
    let s = runReducer(IDLE_RUN, { type: 'generate' });
    const citations = [{ itemId: 'i1', itemName: 'Prices', passages: ['Oolong: four euros.'] }];
    s = runReducer(s, { type: 'started', runId: 'r9', model: 'gpt-4o-mini', citations });
    s = runReducer(s, { type: 'delta', text: 'Hello' });
    s = runReducer(s, { type: 'delta', text: ' world' });
    s = runReducer(s, { type: 'success' });
    expect(s).toEqual({
      status: 'success',
      runId: 'r9',
      text: 'Hello world',
      model: 'gpt-4o-mini',
      error: null,
      cancelled: false,
      citations,
    });
  });

  it('ignores deltas and starts outside Loading', () => {
    const done: RunState = { ...IDLE_RUN, status: 'success', text: 'final' };
    expect(runReducer(done, { type: 'delta', text: 'late' })).toBe(done);
    expect(runReducer(IDLE_RUN, { type: 'started', runId: 'r', model: 'm' })).toBe(IDLE_RUN);
  });

  it('keeps the partial answer on cancel and marks it cancelled', () => {
    const loading: RunState = { ...IDLE_RUN, status: 'loading', text: 'half' };
    expect(runReducer(loading, { type: 'cancel' })).toEqual({ ...loading, status: 'error', cancelled: true });
  });

  it('records the error code and message', () => {
    const s = runReducer(
      { ...IDLE_RUN, status: 'loading' },
      {
        type: 'error',
        code: 'run/daily-limit',
        message: 'You have reached the daily limit of 3 runs, come back tomorrow',
      },
    );
    expect(s.error).toEqual({
      code: 'run/daily-limit',
      message: 'You have reached the daily limit of 3 runs, come back tomorrow',
    });
  });

  it('starts from a clean state on generate and returns to the same Idle on reset', () => {
    const failed: RunState = { ...IDLE_RUN, status: 'error', text: 'x', error: { code: 'c', message: 'm' } };
    expect(runReducer(failed, { type: 'reset' })).toBe(IDLE_RUN);
    expect(runReducer(IDLE_RUN, { type: 'generate' })).toEqual({ ...IDLE_RUN, status: 'loading' });
  });

  it('validate keeps the answer while it loads again', () => {
    const done: RunState = { ...IDLE_RUN, status: 'success', text: 'answer', runId: 'r1' };
    expect(runReducer(done, { type: 'validate' })).toEqual({ ...done, status: 'loading' });
  });
});
