import * as React from 'react';
import type { Citation, RunInputs } from '@buildai/domain';
import { errorMessage, isAppError } from '@/lib/api-client';
import { runTool } from '../api/run-tool';
import { IDLE_RUN, runReducer, type RunState } from '../lib/run-state';

export type { RunState };

interface Options {
  /** the stream finished: the run is stored under `runId` */
  onFinish?: (run: { runId: string; text: string; inputs: RunInputs; citations: Citation[] }) => void;
}

/** A tool run on the state machine of spec 001 §4, streamed from the server; Stop cancels it. */
export function useToolRun(appId: string, toolPath: string, { onFinish }: Options = {}) {
  const [state, dispatch] = React.useReducer(runReducer, IDLE_RUN);
  const controller = React.useRef<AbortController | null>(null);
  const finish = React.useRef(onFinish);
  React.useEffect(() => {
    finish.current = onFinish;
  });

  React.useEffect(() => () => controller.current?.abort(), []);

  const run = React.useCallback(
    async (inputs: RunInputs) => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      // from any state: end a run in progress, go back to Idle, then generate
      dispatch({ type: 'cancel' });
      dispatch({ type: 'reset' });
      dispatch({ type: 'generate' });
      let failed = false;
      let runId: string | null = null;
      let text = '';
      let citations: Citation[] = [];
      try {
        await runTool({
          appId,
          toolPath,
          inputs,
          signal: ctrl.signal,
          onEvent: (event) => {
            if (ctrl.signal.aborted) return;
            if (event.type === 'start') {
              runId = event.runId;
              citations = event.citations ?? [];
              dispatch({
                type: 'started',
                runId: event.runId,
                model: event.model,
                ...(event.citations ? { citations: event.citations } : {}),
              });
            } else if (event.type === 'delta') {
              text += event.text;
              dispatch({ type: 'delta', text: event.text });
            } else if (event.type === 'finish') {
              runId = event.runId;
            } else if (event.type === 'error') {
              failed = true;
              dispatch({ type: 'error', code: event.code, message: event.message });
            }
          },
        });
        if (ctrl.signal.aborted || failed) return;
        dispatch({ type: 'success', runId });
        if (runId) finish.current?.({ runId, text, inputs, citations });
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

  const reset = React.useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'cancel' });
    dispatch({ type: 'reset' });
  }, []);

  return { state, run, stop, reset };
}
