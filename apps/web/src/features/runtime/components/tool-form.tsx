import * as React from 'react';
import { Loader2, Sparkles, Square } from 'lucide-react';
import { errorCatalogue, missingRequiredFields, type RunInputs, type ToolSummary } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FieldControl, type FieldValue } from './field-control';

export type ToolDefinition = ToolSummary['app'];

/** The main input (field name `input`, reserved) shows when the tool names it and does not hide it. */
export function hasMainInput(app: ToolDefinition): boolean {
  return !app.isInputHidden && Boolean(app.inputLabel.trim() || app.inputPlaceholder.trim());
}

interface Props {
  app: ToolDefinition;
  running?: boolean;
  onGenerate?: (inputs: RunInputs) => void;
  onStop?: () => void;
  /** the builder's live preview: the form is shown but cannot run */
  preview?: boolean;
  idPrefix?: string;
}

/** A tool's header, description and form of fields, with Generate / Stop. */
export function ToolForm({
  app,
  running = false,
  onGenerate,
  onStop,
  preview = false,
  idPrefix = 'run',
}: Props) {
  const [values, setValues] = React.useState<Record<string, FieldValue>>({});
  const [missing, setMissing] = React.useState<string[]>([]);
  const showMain = hasMainInput(app);
  const fields = React.useMemo(
    () => [
      ...(showMain
        ? [
            {
              name: 'input',
              label: app.inputLabel || 'Input',
              type: 'long_text' as const,
              required: true,
              placeholder: app.inputPlaceholder,
              personal: false,
              memorize: false,
            },
          ]
        : []),
      ...app.fields,
    ],
    [app.fields, app.inputLabel, app.inputPlaceholder, showMain],
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (preview || running) return;
    const inputs: RunInputs = {};
    for (const f of fields) inputs[f.name] = values[f.name] ?? '';
    const blank = missingRequiredFields(fields, inputs);
    setMissing(blank);
    if (blank.length === 0) onGenerate?.(inputs);
  }

  return (
    <form onSubmit={submit} className="grid gap-6" noValidate>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {app.header.trim() || <span className="text-muted-foreground">Untitled tool</span>}
        </h1>
        {app.description.trim() && (
          <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{app.description}</p>
        )}
      </div>
      {app.welcomeMessage.trim() && (
        <p className="rounded-lg border bg-accent/60 px-4 py-3 text-sm whitespace-pre-line text-accent-foreground">
          {app.welcomeMessage}
        </p>
      )}
      {fields.length > 0 && (
        <div className="grid gap-5">
          {fields.map((field) => {
            const id = `${idPrefix}-${field.name}`;
            const invalid = missing.includes(field.name);
            return (
              <div key={field.name} className="grid gap-2">
                <Label htmlFor={id} id={`${id}-label`}>
                  {field.label || field.name}
                  {field.required && <span className="text-destructive">*</span>}
                </Label>
                <FieldControl
                  field={field}
                  id={id}
                  value={values[field.name] ?? ''}
                  invalid={invalid}
                  disabled={running}
                  onChange={(v) => {
                    setValues((prev) => ({ ...prev, [field.name]: v }));
                    if (invalid) setMissing((m) => m.filter((n) => n !== field.name));
                  }}
                />
                {field.name === 'input' && app.examples.length > 0 && (
                  <div className="flex flex-wrap gap-2">
                    {app.examples.map((ex) => (
                      <button
                        type="button"
                        key={ex}
                        className="max-w-full truncate rounded-full border bg-background px-3 py-1 text-xs text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                        onClick={() => setValues((prev) => ({ ...prev, input: ex }))}
                      >
                        {ex}
                      </button>
                    ))}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      )}
      {missing.length > 0 && (
        <p role="alert" className="text-sm text-destructive">
          {errorCatalogue['field/required'].message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {running ? (
          // keyed: React must not reuse this button as the submit button, or the Stop click would submit again
          <React.Fragment key="running">
            <Button
              type="button"
              size="lg"
              variant="outline"
              onClick={(e) => {
                e.preventDefault();
                onStop?.();
              }}
            >
              <Square className="fill-current" />
              Stop
            </Button>
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" /> Generating…
            </span>
          </React.Fragment>
        ) : (
          <Button key="idle" type="submit" size="lg" disabled={preview} className="min-w-36">
            <Sparkles />
            Generate
          </Button>
        )}
      </div>
    </form>
  );
}
