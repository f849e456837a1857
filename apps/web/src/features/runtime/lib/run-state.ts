import type { Citation } from '@buildai/domain';

/**
 * The run state machine of spec 001 §4. Idle goes to Loading on generate, search-similar-item or
 * query-context-items; Loading goes to Success on success and to Error on error or cancel; Success goes to Loading
 * on validate and to Idle on reset; Error goes to Idle on reset. Every other event is ignored.
 */
export const runStatuses = ['idle', 'loading', 'success', 'error'] as const;
export type RunStatus = (typeof runStatuses)[number];

export const runStatusEvents = [
  'generate',
  'search-similar-item',
  'query-context-items',
  'success',
  'error',
  'cancel',
  'validate',
  'reset',
] as const;
export type RunStatusEvent = (typeof runStatusEvents)[number];

const TRANSITIONS: Record<RunStatus, Partial<Record<RunStatusEvent, RunStatus>>> = {
  idle: { generate: 'loading', 'search-similar-item': 'loading', 'query-context-items': 'loading' },
  loading: { success: 'success', error: 'error', cancel: 'error' },
  success: { validate: 'loading', reset: 'idle' },
  error: { reset: 'idle' },
};

/** The status after `event`, or null when the event is ignored in `status`. */
export function runTransition(status: RunStatus, event: RunStatusEvent): RunStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** What a tool run shows: its status plus the streamed answer, the model, and why it ended in Error. */
export interface RunState {
  status: RunStatus;
  runId: string | null;
  text: string;
  model: string | null;
  error: { code: string; message: string } | null;
  /** Error reached by a cancel (the user pressed Stop) */
  cancelled: boolean;
  /** the data items the answer drew on, as the stream's start named them (decision 0017) */
  citations: Citation[];
}

export const IDLE_RUN: RunState = {
  status: 'idle',
  runId: null,
  text: '',
  model: null,
  error: null,
  cancelled: false,
  citations: [],
};

export type RunAction =
  | { type: 'generate' | 'search-similar-item' | 'query-context-items' | 'validate' | 'cancel' | 'reset' }
  | { type: 'success'; runId?: string | null }
  | { type: 'error'; code: string; message: string }
  /** the stream named its run and model (Loading only) */
  | { type: 'started'; runId: string; model: string; citations?: Citation[] }
  /** more of the answer (Loading only) */
  | { type: 'delta'; text: string };

/** Pure reducer of the run: status events go through the machine, data events only count while Loading. */
export function runReducer(state: RunState, action: RunAction): RunState {
  if (action.type === 'started' || action.type === 'delta') {
    if (state.status !== 'loading') return state;
    return action.type === 'started'
      ? { ...state, runId: action.runId, model: action.model, citations: action.citations ?? [] }
      : { ...state, text: state.text + action.text };
  }
  const next = runTransition(state.status, action.type);
  if (next === null) return state;
  switch (action.type) {
    case 'generate':
    case 'search-similar-item':
    case 'query-context-items':
      return { ...IDLE_RUN, status: next };
    case 'validate':
      return { ...state, status: next, error: null, cancelled: false };
    case 'success':
      return { ...state, status: next, runId: action.runId ?? state.runId };
    case 'error':
      return { ...state, status: next, error: { code: action.code, message: action.message } };
    case 'cancel':
      return { ...state, status: next, cancelled: true };
    case 'reset':
      return IDLE_RUN;
  }
}

/** Refusals of the user's run limit: another run would be refused too until the limit resets. */
export const RUN_LIMIT_CODES = ['run/daily-limit', 'run/weekly-limit'];
