import * as React from 'react';
import { Columns2, Loader2, Pencil, Play, RotateCcw } from 'lucide-react';
import type { Evaluation, EvaluationVariant } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import type { ModelOption } from '../api/evaluations';

export interface VariantDraft {
  /** '' is the app's model */
  model: string;
  /** null is the saved prompt */
  prompt: string | null;
}

export const SIDE_NAMES = ['A', 'B'] as const;

export function toVariant(draft: VariantDraft): EvaluationVariant {
  return {
    ...(draft.model ? { model: draft.model } : {}),
    ...(draft.prompt !== null ? { prompt: draft.prompt } : {}),
  };
}

function ModelSelect({
  label,
  value,
  onChange,
  models,
  current,
  currentLabel,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  models: ModelOption[];
  current: string;
  currentLabel: string;
}) {
  return (
    <NativeSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{`${currentLabel} (${current})`}</option>
      {models
        .filter((m) => m.id !== current)
        .map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
    </NativeSelect>
  );
}

function VariantEditor({
  side,
  draft,
  onChange,
  target,
  models,
}: {
  side: (typeof SIDE_NAMES)[number];
  draft: VariantDraft;
  onChange: (next: VariantDraft) => void;
  target: Evaluation['target'];
  models: ModelOption[];
}) {
  const promptName = target.kind === 'tool' ? 'prompt' : 'instructions';
  return (
    <div className="grid min-w-0 content-start gap-3 rounded-lg border bg-background p-3 sm:p-4">
      <div className="flex items-center gap-2">
        <span className="flex size-6 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-foreground">
          {side}
        </span>
        <span className="text-sm font-medium">
          {draft.model || draft.prompt !== null ? 'Variant' : 'As saved'}
        </span>
      </div>
      <ModelSelect
        label={`Model of ${side}`}
        value={draft.model}
        onChange={(model) => onChange({ ...draft, model })}
        models={models}
        current={target.model}
        currentLabel="App's model"
      />
      {draft.prompt === null ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => onChange({ ...draft, prompt: target.prompt })}
        >
          <Pencil />
          Edit {promptName}
        </Button>
      ) : (
        <div className="grid gap-1.5">
          <div className="flex items-center justify-between">
            <label htmlFor={`prompt-${side}`} className="text-xs font-medium text-muted-foreground">
              {side === 'A' ? 'Prompt' : 'Edited prompt'} (not saved to the{' '}
              {target.kind === 'tool' ? 'tool' : 'app'})
            </label>
            <Button
              variant="ghost"
              size="sm"
              className="h-7 text-muted-foreground"
              onClick={() => onChange({ ...draft, prompt: null })}
            >
              <RotateCcw />
              Saved
            </Button>
          </div>
          <Textarea
            id={`prompt-${side}`}
            rows={5}
            className="font-mono text-xs md:text-xs"
            value={draft.prompt}
            onChange={(e) => onChange({ ...draft, prompt: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

/** What a run asks: one variant, or two side by side, and the judge's model. */
export function RunSetup({
  target,
  defaultJudgeModel,
  models,
  needsJudge,
  running,
  disabledReason,
  onRun,
}: {
  target: Evaluation['target'];
  defaultJudgeModel: string;
  models: ModelOption[];
  needsJudge: boolean;
  running: boolean;
  disabledReason: string | null;
  onRun: (variants: VariantDraft[], judgeModel: string) => void;
}) {
  const [compare, setCompare] = React.useState(false);
  const [drafts, setDrafts] = React.useState<VariantDraft[]>([
    { model: '', prompt: null },
    { model: '', prompt: null },
  ]);
  const [judgeModel, setJudgeModel] = React.useState('');
  const shown = compare ? drafts : drafts.slice(0, 1);
  const set = (i: number, next: VariantDraft) => setDrafts((all) => all.map((d, j) => (j === i ? next : d)));

  return (
    <section aria-labelledby="run-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="run-title" className="font-semibold">
            Run
          </h2>
          <p className="text-sm text-muted-foreground">
            Against the current {target.kind === 'tool' ? 'prompt' : 'instructions'} and model, or side by
            side.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <Columns2 className="size-4 text-muted-foreground" />
          Compare side by side
          <Switch checked={compare} onCheckedChange={setCompare} aria-label="Compare side by side" />
        </label>
      </div>
      <div className={cn('mt-4 grid gap-3', compare && 'md:grid-cols-2')}>
        {shown.map((draft, i) => (
          <VariantEditor
            key={SIDE_NAMES[i]}
            side={SIDE_NAMES[i]!}
            draft={draft}
            onChange={(next) => set(i, next)}
            target={target}
            models={models}
          />
        ))}
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {needsJudge ? (
          <div className="grid gap-1.5 sm:w-72">
            <span className="text-xs font-medium text-muted-foreground" id="judge-label">
              Judge model (scores “Judged by a model”)
            </span>
            <ModelSelect
              label="Judge model"
              value={judgeModel}
              onChange={setJudgeModel}
              models={models}
              current={defaultJudgeModel}
              currentLabel="Default"
            />
          </div>
        ) : (
          <span />
        )}
        <div className="flex flex-col items-stretch gap-1 sm:items-end">
          <Button disabled={running || disabledReason !== null} onClick={() => onRun(shown, judgeModel)}>
            {running ? <Loader2 className="animate-spin" /> : <Play />}
            {running ? 'Running…' : compare ? 'Run side by side' : 'Run evaluation'}
          </Button>
          {disabledReason && <p className="text-xs text-muted-foreground">{disabledReason}</p>}
        </div>
      </div>
    </section>
  );
}
