import { structuredPatch } from 'diff';
import type { AppFile, VersionDiffEntry, VersionFilesResponse } from '@buildai/domain';
import { entityDiffPath } from './actions';

/** Lines of context around a change, and the size past which lines are not diffed word by word (spec 001 §9). */
export const DIFF_CONTEXT_LINES = 3;
export const WORD_DIFF_MAX_CHARS = 10_000;

const order = { added: 0, modified: 1, deleted: 2 } as const;

/** A schema's top-level keys in the order people read them (the database keeps its own order). */
function readingOrder(schema: Record<string, unknown>): Record<string, unknown> {
  const first = ['type', 'properties', 'required', 'x-accessControl'].filter((k) => k in schema);
  const rest = Object.keys(schema).filter((k) => !first.includes(k));
  return Object.fromEntries([...first, ...rest].map((k) => [k, schema[k]]));
}

/**
 * What a version holds, as files to compare: its files, and each entity's schema as the pseudo-file
 * `entities/{Name}.json` (pretty JSON), so schema changes show in the same diff (decision 0008).
 */
export function versionSnapshot(version: Pick<VersionFilesResponse, 'files' | 'entities'>): AppFile[] {
  return [
    ...version.files,
    ...(version.entities ?? []).map((e) => ({
      path: entityDiffPath(e.name),
      content: `${JSON.stringify(readingOrder(e.schema), null, 2)}\n`,
    })),
  ];
}

/** The files that differ between two versions, added first, then modified, then deleted (each by path). */
export function diffVersions(before: AppFile[], after: AppFile[]): VersionDiffEntry[] {
  const old = new Map(before.map((f) => [f.path, f.content]));
  const now = new Map(after.map((f) => [f.path, f.content]));
  const entries: VersionDiffEntry[] = [];
  for (const [path, newCode] of now) {
    const oldCode = old.get(path);
    if (oldCode === undefined) entries.push({ path, oldCode: '', newCode, status: 'added' });
    else if (oldCode !== newCode) entries.push({ path, oldCode, newCode, status: 'modified' });
  }
  for (const [path, oldCode] of old) {
    if (!now.has(path)) entries.push({ path, oldCode, newCode: '', status: 'deleted' });
  }
  return entries.sort((a, b) => order[a.status] - order[b.status] || a.path.localeCompare(b.path));
}

export interface DiffLine {
  kind: 'context' | 'add' | 'remove';
  text: string;
  oldNo?: number;
  newNo?: number;
}
export interface DiffHunk {
  header: string;
  lines: DiffLine[];
}

/** The hunks of one file's change with DIFF_CONTEXT_LINES lines around each change. */
export function hunksOf(entry: VersionDiffEntry): DiffHunk[] {
  const patch = structuredPatch(entry.path, entry.path, entry.oldCode, entry.newCode, '', '', {
    context: DIFF_CONTEXT_LINES,
  });
  return patch.hunks.map((h) => {
    let oldNo = h.oldStart;
    let newNo = h.newStart;
    const lines: DiffLine[] = [];
    for (const raw of h.lines) {
      const mark = raw[0];
      const text = raw.slice(1);
      if (mark === '\\') continue; // "\ No newline at end of file"
      if (mark === '+') lines.push({ kind: 'add', text, newNo: newNo++ });
      else if (mark === '-') lines.push({ kind: 'remove', text, oldNo: oldNo++ });
      else lines.push({ kind: 'context', text, oldNo: oldNo++, newNo: newNo++ });
    }
    return { header: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, lines };
  });
}

/** Word highlighting only while both sides are at most WORD_DIFF_MAX_CHARS long. */
export const wordDiffAllowed = (entry: VersionDiffEntry) =>
  entry.oldCode.length <= WORD_DIFF_MAX_CHARS && entry.newCode.length <= WORD_DIFF_MAX_CHARS;
