import * as React from 'react';
import { AlertTriangle, Braces } from 'lucide-react';
import { promptFieldNames, type AiApp } from '@buildai/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

interface Props {
  draft: AiApp;
  update: (patch: Partial<AiApp>) => void;
}

export function PromptCard({ draft, update }: Props) {
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const known = new Set([...draft.fields.map((f) => f.name), 'input']);
  const unknown = promptFieldNames(draft.gptPrompt).filter((n) => !known.has(n));

  /** inserts `{{name}}` at the caret, keeping the caret after it */
  function insert(name: string) {
    const el = ref.current;
    const token = `{{${name}}}`;
    const text = draft.gptPrompt;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    update({ gptPrompt: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle>Prompt</CardTitle>
        <CardDescription>The instructions the AI follows each time someone runs your tool.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor="tool-prompt" className="sr-only">
          Prompt
        </Label>
        <Textarea
          ref={ref}
          id="tool-prompt"
          aria-describedby="tool-prompt-hint"
          placeholder={'Write a catchy Instagram caption about {{topic}} in a {{tone}} tone.'}
          className="min-h-44 font-mono text-[13px] leading-6"
          value={draft.gptPrompt}
          onChange={(e) => update({ gptPrompt: e.target.value })}
        />
        <p id="tool-prompt-hint" className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Braces className="size-3.5" />
          Use {'{{fieldName}}'} to insert a field
        </p>
        {draft.fields.length > 0 && (
          <div className="flex flex-wrap gap-1.5">
            {draft.fields.map((f) => (
              <button
                key={f.name}
                type="button"
                onClick={() => insert(f.name)}
                className="rounded-md border bg-muted/60 px-2 py-0.5 font-mono text-xs text-foreground/80 transition-colors hover:border-primary/40 hover:bg-accent hover:text-accent-foreground"
                title={`Insert ${f.label || f.name}`}
              >
                {`{{${f.name}}}`}
              </button>
            ))}
          </div>
        )}
        {unknown.length > 0 && (
          <p className="flex items-start gap-1.5 text-xs text-amber-700">
            <AlertTriangle className="mt-px size-3.5 shrink-0" />
            <span>
              No field is named {unknown.map((n) => `{{${n}}}`).join(', ')} — it will be left empty. Add the
              field or fix the name.
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
