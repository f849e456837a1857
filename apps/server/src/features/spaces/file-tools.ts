import type { AppBuildError, FileActionType } from '@buildai/domain';
import type { Db } from '../../db/client';
import { applyFileAction, type FileActionInput, type FileActionResult } from './apply-file-action';
import type { AppliedActions, ToolExecutes } from './chat-tools';
import { cleanStored } from './stored-text';

/** Whether the app's current files build: the errors, or [] (the runtime's check, given by the server). */
export type BuildCheck = (appId: string) => Promise<AppBuildError[]>;

/** The app's build after the turn's last file change: undefined while no file changed. */
export interface TurnBuild {
  errors?: AppBuildError[];
}

/** The most build errors one tool result carries (the first ones; fixing them often fixes the rest). */
const RESULT_ERRORS = 10;

interface WithBuildOptions {
  result: FileActionResult;
  appId: string;
  check: BuildCheck | undefined;
  build: TurnBuild;
}

/** What a file tool answers the model after a change: the change, and whether the app builds now. */
async function withBuild({ result, appId, check, build }: WithBuildOptions) {
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

/**
 * The execute of the model's four file tools (declared in the domain's registry, `chat-actions/`). Each call is
 * applied at once, in its own transaction; the answer is `{ok: true}` or why nothing changed, with the app's build
 * after a change. A bad path is answered here, in words the model can fix: the input schemas take any string.
 */
export interface FileToolsOptions {
  db: Db;
  appId: string;
  applied: AppliedActions;
  /** after each change the app is built, and its errors go back to the model to fix in the same turn */
  checkBuild?: BuildCheck;
  build: TurnBuild;
}

export function fileTools({
  db,
  appId,
  applied,
  checkBuild,
  build,
}: FileToolsOptions): Pick<ToolExecutes, FileActionType> {
  const run = async (input: FileActionInput, toolCallId: string) => {
    // the model's text is untrusted: cleaned as a request body is, or one U+0000 would fail the write; the path is
    // not, so that a control character in it is refused rather than silently dropped
    const action = { ...cleanStored(input), path: input.path };
    const result = await applyFileAction(db, appId, action);
    applied.set(toolCallId, { type: action.type, result });
    return withBuild({ result, appId, check: checkBuild, build });
  };
  return {
    add_file: (input, toolCallId) => run({ type: 'add_file', ...input }, toolCallId),
    edit_file: (input, toolCallId) => run({ type: 'edit_file', ...input }, toolCallId),
    partial_edit: (input, toolCallId) => run({ type: 'partial_edit', ...input }, toolCallId),
    delete_file: (input, toolCallId) => run({ type: 'delete_file', ...input }, toolCallId),
  };
}
