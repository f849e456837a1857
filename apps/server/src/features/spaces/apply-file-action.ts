import { and, eq } from 'drizzle-orm';
import { AppError, MAX_APP_FILE_CHARS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appFiles } from '../../db/schema';
import { lockAppFiles } from '../apps';
import { spaceFilePathProblem } from './file-path';
import { writeAppFile } from './save-file';

export type FileActionInput =
  | { type: 'add_file' | 'edit_file'; path: string; content: string }
  | { type: 'partial_edit'; path: string; search: string; replace: string }
  | { type: 'delete_file'; path: string };

export type FileActionResult = { ok: true } | { ok: false; error: string };

/**
 * How many times `search` occurs in `text`, overlapping ones counted: in `aXaXa`, `aXa` occurs twice, and the model
 * cannot have meant both.
 */
function occurrences(text: string, search: string): number {
  let n = 0;
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + 1)) n += 1;
  return n;
}

/**
 * Applies one of the model's file actions in its own transaction. A refused action changes nothing and answers
 * why, in words the model can act on (the tool result it reads).
 */
export async function applyFileAction(
  db: Db,
  appId: string,
  action: FileActionInput,
): Promise<FileActionResult> {
  const problem = spaceFilePathProblem(action.path);
  if (problem) return { ok: false, error: `${problem}: ${action.path}` };
  try {
    return await db.transaction(async (tx) => {
      await lockAppFiles(tx, appId);
      const [current] = await tx
        .select({ content: appFiles.content })
        .from(appFiles)
        .where(and(eq(appFiles.appId, appId), eq(appFiles.path, action.path)))
        .for('update');
      if (action.type === 'delete_file') {
        if (!current) return { ok: false, error: `There is no file ${action.path}` };
        await tx.delete(appFiles).where(and(eq(appFiles.appId, appId), eq(appFiles.path, action.path)));
        return { ok: true };
      }
      let content: string;
      if (action.type === 'partial_edit') {
        if (!current) return { ok: false, error: `There is no file ${action.path}: create it with add_file` };
        if (action.search === '') return { ok: false, error: 'The search text is empty' };
        const found = occurrences(current.content, action.search);
        if (found !== 1) {
          return {
            ok: false,
            error:
              found === 0
                ? `The search text was not found in ${action.path}; nothing was changed`
                : `The search text occurs ${found} times in ${action.path}; it must occur exactly once (add surrounding lines)`,
          };
        }
        content = current.content.replace(action.search, () => action.replace);
      } else {
        content = action.content;
      }
      if (content.length > MAX_APP_FILE_CHARS) {
        return { ok: false, error: `A file may hold at most ${MAX_APP_FILE_CHARS} characters` };
      }
      await writeAppFile(tx, appId, { path: action.path, content });
      return { ok: true };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'space/too-many-files')
      return { ok: false, error: err.message };
    throw err;
  }
}
