import * as React from 'react';
import type { RunInputs } from '@buildai/domain';
import { errorMessage, isAppError } from '@/lib/api-client';
import { runTool } from '../api/run-tool';

/** Run state of spec 001 §4: Idle → Loading → Success | Error (an error or a cancel). */
export interface RunState {
  status: 'idle' | 'loading' | 'success' | 'error';
  text: string;
  model: string | null;
  error: { code: string; message: string } | null;
  cancelled: boolean;
}

const IDLE: RunState = { status: 'idle', text: '', model: null, error: null, cancelled: false };

type Action =
  | { type: 'start' }
  | { type: 'model'; model: string }
  | { type: 'delta'; text: string }
  | { type: 'success' }
  | { type: 'error'; code: string; message: string }
  | { type: 'cancel' }
  | { type: 'reset' };

function reducer(state: RunState, action: Action): RunState {
  switch (action.type) {
    case 'start':
      return { ...IDLE, status: 'loading' };
    case 'reset':
      return IDLE;
    default:
      if (state.status !== 'loading') return state; // events after the end are ignored
  }
  switch (action.type) {
    case 'model':
      return { ...state, model: action.model };
    case 'delta':
      return { ...state, text: state.text + action.text };
    case 'success':
      return { ...state, status: 'success' };
    case 'error':
      return { ...state, status: 'error', error: { code: action.code, message: action.message } };
    case 'cancel':
      return { ...state, status: 'error', cancelled: true };
  }
}

export function useToolRun(appId: string, toolPath: string) {
  const [state, dispatch] = React.useReducer(reducer, IDLE);
  const controller = React.useRef<AbortController | null>(null);

  React.useEffect(() => () => controller.current?.abort(), []);

  const run = React.useCallback(
    async (inputs: RunInputs) => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      dispatch({ type: 'start' });
      let failed = false;
      try {
        await runTool({
          appId,
          toolPath,
          inputs,
          signal: ctrl.signal,
          onEvent: (event) => {
            if (event.type === 'start') dispatch({ type: 'model', model: event.model });
            else if (event.type === 'delta') dispatch({ type: 'delta', text: event.text });
            else if (event.type === 'error') {
              failed = true;
              dispatch({ type: 'error', code: event.code, message: event.message });
            }
          },
        });
        if (!failed) dispatch({ type: 'success' });
      } catch (err) {
        if (ctrl.signal.aborted) return;
        dispatch({
          type: 'error',
          code: isAppError(err) ? err.code : 'internal',
          message: errorMessage(err),
        });
      } finally {
        if (controller.current === ctrl) controller.current = null;
      }
    },
    [appId, toolPath],
  );

  const stop = React.useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'cancel' });
  }, []);

  const reset = React.useCallback(() => dispatch({ type: 'reset' }), []);

  return { state, run, stop, reset };
}
