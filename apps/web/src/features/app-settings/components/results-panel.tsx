import * as React from 'react';
import { AlertTriangle, Braces, LayoutList } from 'lucide-react';
import { MAIN_INPUT_NAME, promptFieldNames, type AiApp } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { resultBlocks } from '@/lib/blocks';
import type { ToolDraftPanelProps } from '@/lib/builder-types';

/** Results layout: the prompt the AI follows and the blocks of the result it lays out. */
export function ResultsPanel({ draft, onChange }: ToolDraftPanelProps) {
  return (
    <div className="grid gap-6">
      <PromptEditor draft={draft} onChange={onChange} />
      <BlocksList draft={draft} />
    </div>
  );
}

function PromptEditor({ draft, onChange }: ToolDraftPanelProps) {
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const known = new Set([...draft.fields.map((f) => f.name), MAIN_INPUT_NAME]);
  const unknown = promptFieldNames(draft.gptPrompt).filter((n) => !known.has(n));
  const names = [...(draft.isInputHidden ? [] : [MAIN_INPUT_NAME]), ...draft.fields.map((f) => f.name)];

  /** inserts `{{name}}` at the caret, keeping the caret after it */
  function insert(name: string) {
    const el = ref.current;
    const token = `{{${name}}}`;
    const text = draft.gptPrompt;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    onChange({ gptPrompt: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Label htmlFor="tool-prompt">Prompt</Label>
        <p className="text-xs text-muted-foreground">
          The instructions the AI follows each time someone runs your tool.
        </p>
      </div>
      <Textarea
        ref={ref}
        id="tool-prompt"
        aria-describedby="tool-prompt-hint"
        placeholder={'Write a catchy Instagram caption about {{topic}} in a {{tone}} tone.'}
        className="min-h-52 font-mono text-[13px] leading-6"
        maxLength={50000}
        value={draft.gptPrompt}
        onChange={(e) => onChange({ gptPrompt: e.target.value })}
      />
      <p id="tool-prompt-hint" className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Braces className="size-3.5" />
        Use {'{{fieldName}}'} to insert a field, and ## headings to split the result into blocks.
      </p>
      {names.length > 0 && (
        <div className="flex flex-wrap gap-1.5" aria-label="Insert a field">
          {names.map((name) => (
            <button
              key={name}
              type="button"
              onClick={() => insert(name)}
              className="rounded-md border bg-muted/60 px-2 py-0.5 font-mono text-xs text-foreground/80 transition-colors hover:border-primary/40 hover:bg-accent hover:text-accent-foreground"
              title={`Insert {{${name}}}`}
            >
              {`{{${name}}}`}
            </button>
          ))}
        </div>
      )}
      {unknown.length > 0 && (
        <p className="flex items-start gap-1.5 text-xs text-amber-700">
          <AlertTriangle className="mt-px size-3.5 shrink-0" />
          <span>
            No field is named {unknown.map((n) => `{{${n}}}`).join(', ')}, so it will be left empty. Add the
            field or fix the name.
          </span>
        </p>
      )}
    </div>
  );
}

function BlocksList({ draft }: { draft: AiApp }) {
  const { blocks, derived } = resultBlocks(draft);
  return (
    <section aria-labelledby="result-blocks-title" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="result-blocks-title" className="text-sm font-semibold">
          Result blocks
        </h3>
        {derived && blocks.length > 0 && <Badge variant="muted">From your prompt</Badge>}
      </div>
      {blocks.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-6 text-center">
          <LayoutList className="size-5 text-muted-foreground" />
          <p className="mt-2 text-sm font-medium">No blocks yet</p>
          <p className="mt-1 max-w-xs text-xs text-muted-foreground">
            Write a prompt: the whole answer is one block, and each ## heading starts a new one.
          </p>
        </div>
      ) : (
        <ol className="grid gap-2">
          {blocks.map((block, i) => (
            <li key={block.id} className="flex items-start gap-3 rounded-lg border bg-card px-3 py-2.5">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-[11px] font-medium text-muted-foreground">
                {i + 1}
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{block.title}</p>
                <p className="line-clamp-2 text-xs text-muted-foreground">
                  {block.prompt.trim() || 'No instructions for this part yet.'}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
