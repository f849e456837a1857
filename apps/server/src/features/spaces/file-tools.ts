import { tool } from 'ai';
import { z } from 'zod';
import type { AppBuildError, EntityActionType, FileActionType } from '@buildai/domain';
import type { Db } from '../../db/client';
import type { EntityActionResult } from './apply-entity-action';
import { applyFileAction, type FileActionInput, type FileActionResult } from './apply-file-action';
import { cleanStored } from './stored-text';

/** What one of the turn's tools did. */
export type AppliedAction =
  | { kind: 'file'; type: FileActionType; path: string; result: FileActionResult }
  | { kind: 'entity'; type: EntityActionType; entity: string; result: EntityActionResult };

/** What a turn's tools did, by tool call id. */
export type AppliedActions = Map<string, AppliedAction>;

/** Whether the app's current files build: the errors, or [] (the runtime's check, given by the server). */
export type BuildCheck = (appId: string) => Promise<AppBuildError[]>;

/** The app's build after the turn's last file change: undefined while no file changed. */
export interface TurnBuild {
  errors?: AppBuildError[];
}

/** The most build errors one tool result carries (the first ones; fixing them often fixes the rest). */
const RESULT_ERRORS = 10;

/** What a file tool answers the model after a change: the change, and whether the app builds now. */
async function withBuild(
  result: FileActionResult,
  appId: string,
  check: BuildCheck | undefined,
  build: TurnBuild,
) {
  if (!result.ok || !check) return result;
  const errors = await check(appId);
  build.errors = errors;
  if (errors.length === 0) return { ...result, build: 'The app builds.' };
  return {
    ...result,
    build:
      'The app does not build now. Fix these errors before you finish, with more file changes (or add the files they import):',
    buildErrors: errors.slice(0, RESULT_ERRORS).map((e) => ({
      file: e.file,
      line: e.line,
      message: e.message,
    })),
    ...(errors.length > RESULT_ERRORS ? { moreErrors: errors.length - RESULT_ERRORS } : {}),
  };
}

/** Whether the action changed what a version holds: a file, or an entity's schema (records are not versioned). */
export function changedVersioned(action: AppliedAction): boolean {
  if (!action.result.ok) return false;
  return action.kind === 'file' || action.type === 'add_entity' || action.type === 'edit_entity';
}

/**
 * The model's four file tools (named as the spec's action types). Each call is applied at once, in its own
 * transaction; the answer is `{ok: true}` or why nothing changed. The input schemas stay loose (plain strings) so a
 * bad path is answered by the tool, in words the model can fix, rather than by a failed call.
 */
export interface FileToolsOptions {
  db: Db;
  appId: string;
  applied: AppliedActions;
  /** after each change the app is built, and its errors go back to the model to fix in the same turn */
  checkBuild?: BuildCheck;
  build: TurnBuild;
}

export function fileTools({ db, appId, applied, checkBuild, build }: FileToolsOptions) {
  const run = async (input: FileActionInput, toolCallId: string) => {
    // the model's text is untrusted: cleaned as a request body is, or one U+0000 would fail the write; the path is
    // not, so that a control character in it is refused rather than silently dropped
    const action = { ...cleanStored(input), path: input.path };
    const result = await applyFileAction(db, appId, action);
    applied.set(toolCallId, { kind: 'file', type: action.type, path: action.path, result });
    return withBuild(result, appId, checkBuild, build);
  };
  const path = z.string().describe('the file path, relative to the app, e.g. pages/Home.tsx');
  return {
    add_file: tool({
      description: 'Creates a file with its whole content.',
      inputSchema: z.object({ path, content: z.string() }),
      execute: (input, { toolCallId }) => run({ type: 'add_file', ...input }, toolCallId),
    }),
    edit_file: tool({
      description: "Replaces a file's whole content.",
      inputSchema: z.object({ path, content: z.string() }),
      execute: (input, { toolCallId }) => run({ type: 'edit_file', ...input }, toolCallId),
    }),
    partial_edit: tool({
      description: 'Replaces the one occurrence of `search` in a file with `replace`.',
      inputSchema: z.object({ path, search: z.string(), replace: z.string() }),
      execute: (input, { toolCallId }) => run({ type: 'partial_edit', ...input }, toolCallId),
    }),
    delete_file: tool({
      description: 'Deletes a file.',
      inputSchema: z.object({ path }),
      execute: (input, { toolCallId }) => run({ type: 'delete_file', ...input }, toolCallId),
    }),
  };
}
