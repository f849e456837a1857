import { AppError, appFilePathProblem } from '@buildai/domain';

/**
 * Characters a file name shows differently from what it holds: C1 controls, zero-width characters, line and
 * paragraph separators, and bidirectional overrides (a right-to-left override shows the rest of a name backwards). The
 * code tree lists the paths the model chose; these would let two paths look alike or hide what a file is.
 */
const DECEPTIVE = /[\u0080-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/** Why a file path is refused (the domain's rule, and no deceptive character), or null when it is fine. */
export function spaceFilePathProblem(path: string): string | null {
  const problem = appFilePathProblem(path);
  if (problem) return problem;
  if (DECEPTIVE.test(path)) return 'The file path contains an invisible or direction-changing character';
  return null;
}

/** A file path from the URL, checked by the domain's rule; a bad one answers 400 `space/path-invalid`. */
export function checkedFilePath(path: string): string {
  const problem = spaceFilePathProblem(path);
  if (problem) throw new AppError('space/path-invalid', { message: problem, field: 'path' });
  return path;
}
