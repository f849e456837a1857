import { AppError, appFilePathProblem } from '@buildai/domain';

/** A file path from the URL, checked by the domain's rule; a bad one answers 400 `space/path-invalid`. */
export function checkedFilePath(path: string): string {
  const problem = appFilePathProblem(path);
  if (problem) throw new AppError('space/path-invalid', { message: problem, field: 'path' });
  return path;
}
