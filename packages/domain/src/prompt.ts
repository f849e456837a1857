import type { CustomField } from './apps';

export type RunInputs = Record<string, string | string[] | number | boolean>;

function asText(value: RunInputs[string] | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Replaces each `{{fieldName}}` of the prompt with the user's input for that field. Unknown names stay empty. */
export function renderPrompt(prompt: string, inputs: RunInputs): string {
  return prompt.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) =>
    asText(inputs[name]),
  );
}

/** The names the prompt refers to, in order of first use. */
export function promptFieldNames(prompt: string): string[] {
  const names = new Set<string>();
  for (const m of prompt.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) names.add(m[1]!);
  return [...names];
}

/** Names of required fields the inputs leave blank. */
export function missingRequiredFields(fields: CustomField[], inputs: RunInputs): string[] {
  return fields.filter((f) => f.required && asText(inputs[f.name]).trim() === '').map((f) => f.name);
}

/** One part of a tool's result as the builder lays it out (spec 001 §3 `blocks`). */
export interface ResultBlock {
  id: string;
  type: 'text';
  /** the section's heading, or 'Answer' for a prompt without sections */
  title: string;
  /** what the prompt asks for in this part */
  prompt: string;
}

const HEADING = /^##[ \t]+(.+?)[ \t]*#*[ \t]*$/;

/**
 * The result blocks a prompt implies when the tool has none saved (spec 001 §3): one text block per `## heading`
 * section, in order; a prompt without such headings is one block for the whole answer. Text before the first
 * heading is shared instructions, not a block. An empty prompt has no blocks.
 */
export function deriveBlocks(prompt: string): ResultBlock[] {
  const text = prompt.replace(/\r\n?/g, '\n');
  if (!text.trim()) return [];
  const sections: { title: string; lines: string[] }[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : HEADING.exec(line);
    if (heading) sections.push({ title: heading[1]!.trim(), lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  if (sections.length === 0) return [{ id: 'block-1', type: 'text', title: 'Answer', prompt: text.trim() }];
  return sections.map((s, i) => ({
    id: `block-${i + 1}`,
    type: 'text',
    title: s.title,
    prompt: s.lines.join('\n').trim(),
  }));
}

/** A saved block as the editor can show it, or null when it is not one. */
export function asResultBlock(value: unknown): ResultBlock | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.title !== 'string') return null;
  return { id: v.id, type: 'text', title: v.title, prompt: typeof v.prompt === 'string' ? v.prompt : '' };
}
