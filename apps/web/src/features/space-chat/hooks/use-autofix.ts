import * as React from 'react';
import { MAX_AUTOFIX_IN_A_ROW, type AppErrorItem, type SystemActionInfo } from '@buildai/domain';
import { actionsOf, changedFiles } from '../lib/actions';
import { buildFixMessage } from '../lib/fix-message';
import type { SpaceUIMessage } from '../lib/types';

/** How long after a turn that changed files the app's new errors still count as that turn's (bundle + reload). */
export const AUTOFIX_WINDOW_MS = 15_000;

const NONE: AppErrorItem[] = [];

/** Autofix messages the builder's latest turns sent in a row (the last user messages that are autofix ones). */
export function autofixStreak(messages: SpaceUIMessage[]): number {
  let streak = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== 'user') continue;
    if (m.metadata?.systemActionInfo?.type !== 'autofix') break;
    streak++;
  }
  return streak;
}

interface Options {
  messages: SpaceUIMessage[];
  busy: boolean;
  appErrors: AppErrorItem[];
  /** the validation detectors' errors the latest turn left (the chat's gate): always that turn's own */
  turnIssues?: AppErrorItem[];
  lastChangeAt: React.RefObject<number>;
  send: (text: string, info: SystemActionInfo) => void;
  readOnly: boolean;
}

/**
 * After an assistant turn that changed files, errors the app reports (after that change) within AUTOFIX_WINDOW_MS
 * send one autofix message; at most MAX_AUTOFIX_IN_A_ROW in a row, so a fix that keeps failing never loops.
 */
export function useAutofix({
  messages,
  busy,
  appErrors,
  turnIssues = NONE,
  lastChangeAt,
  send,
  readOnly,
}: Options) {
  const armedUntil = React.useRef(0);
  const errorsAt = React.useRef(0);
  const wasBusy = React.useRef(busy);

  React.useEffect(() => {
    errorsAt.current = Date.now();
  }, [appErrors]);

  const tryAutofix = React.useCallback(() => {
    if (readOnly || busy || Date.now() > armedUntil.current) return;
    // the frame's errors count once it reported them after the change (before, they are the old files')
    const fresh = appErrors.length > 0 && errorsAt.current >= lastChangeAt.current;
    const found = fresh ? [...appErrors, ...turnIssues] : turnIssues;
    if (found.length === 0) return;
    if (autofixStreak(messages) >= MAX_AUTOFIX_IN_A_ROW) return;
    armedUntil.current = 0;
    send(buildFixMessage(found), { type: 'autofix' });
  }, [appErrors, turnIssues, busy, lastChangeAt, messages, readOnly, send]);

  React.useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (busy) armedUntil.current = 0; // only the latest turn's changes count
    if (!ended) return;
    const last = messages.at(-1);
    const changed = last?.role === 'assistant' && changedFiles(actionsOf(last, false));
    armedUntil.current = changed ? Date.now() + AUTOFIX_WINDOW_MS : 0;
  }, [busy, messages]);

  React.useEffect(tryAutofix, [tryAutofix]);
}
