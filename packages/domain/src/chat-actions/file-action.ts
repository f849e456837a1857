import { z } from 'zod';
import { textOf, type ActionContent, type CallInput, type KeptField } from './chat-action';

// What the file actions share: the path field, what of a call is kept and stored, and how it is titled.

export const filePathField = z.string().describe('the file path, relative to the app, e.g. pages/Home.tsx');

/**
 * Every file call keeps its text fields, whichever tool it called: a malformed call may name a field of another
 * file tool, and what it wrote is still shown.
 */
export const FILE_FIELDS: Readonly<Record<string, KeptField>> = {
  path: 'text',
  content: 'text',
  search: 'text',
  replace: 'text',
};

/** 'Create pages/About.tsx': the verb and the path ('file' until the path is read). */
export const fileTitle =
  (verb: string) =>
  (input: CallInput): string =>
    `${verb} ${textOf(input.path) ?? 'file'}`;

/** A file action holds its path and the text it writes: the whole content, or a partial edit's replacement. */
export function fileContent(input: CallInput): ActionContent {
  const file = textOf(input.path);
  const content = textOf(input.content) ?? textOf(input.replace);
  return { ...(file !== undefined ? { file } : {}), ...(content !== undefined ? { content } : {}) };
}
