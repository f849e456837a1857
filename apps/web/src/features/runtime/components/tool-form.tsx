import * as React from 'react';
import { ArrowLeft, ArrowRight, Coins, Loader2, Sparkles, Square } from 'lucide-react';
import {
  creditsLabel,
  errorCatalogue,
  MAIN_INPUT_NAME,
  type AppStyle,
  type RunInputs,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import {
  formSteps,
  stepProblems,
  toRunInputs,
  type FieldProblem,
  type FieldValue,
  type FieldValues,
  type ToolDefinition,
} from '../lib/form-steps';
import { AppLogo, AppThemeScope, BrandedHeading } from './app-theme';
import { FieldControl } from './field-control';
import { MadeWithFooter } from './made-with-footer';
import { MainInput } from './main-input';
import { StepIndicator } from './step-indicator';

export { hasMainInput, type ToolDefinition } from '../lib/form-steps';

export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';

interface Props {
  app: ToolDefinition;
  running?: boolean;
  onGenerate?: (inputs: RunInputs) => void;
  onStop?: () => void;
  /** the builder's live preview: the form is shown but cannot run */
  preview?: boolean;
  idPrefix?: string;
  /** shows the form on the app's branded surface, as the runtime page does (the builder's preview) */
  appStyle?: Partial<AppStyle>;
  /** the credits one run costs; shown when above 0 */
  creditsPerRun?: number;
  /** values to start from (memories, a saved run's inputs); a field the user changed keeps its value */
  defaultValues?: FieldValues;
  /** the form on a card below the header (the runtime page) */
  framed?: boolean;
  /** why the tool cannot run now (a run limit reached): Generate is disabled and this is shown beside it */
  blockedReason?: string;
}

/** A tool's header, subheader, welcome message and form of fields (maybe in steps), with Generate / Stop. */
export function ToolForm(props: Props) {
  if (!props.appStyle) return <ToolFormBody {...props} />;
  const { appStyle } = props;
  return (
    <AppThemeScope appStyle={appStyle} className="grid gap-6 rounded-xl p-4 sm:p-6">
      <AppLogo appStyle={appStyle} name={props.app.header} />
      <ToolFormBody {...props} framed />
      {!appStyle.hideBuildAI && <MadeWithFooter className="py-2" />}
    </AppThemeScope>
  );
}

function ToolFormBody({
  app,
  running = false,
  onGenerate,
  onStop,
  preview = false,
  idPrefix = 'run',
  creditsPerRun = 0,
  defaultValues,
  framed = false,
  blockedReason,
}: Props) {
  const steps = React.useMemo(() => formSteps(app), [app]);
  const [values, setValues] = React.useState<FieldValues>(() => ({ ...defaultValues }));
  const [touched, setTouched] = React.useState<ReadonlySet<string>>(() => new Set());
  const [problems, setProblems] = React.useState<Record<string, FieldProblem>>({});
  const [stepIndex, setStepIndex] = React.useState(0);
  const current = Math.min(stepIndex, steps.length - 1);
  const step = steps[current]!;
  const last = current === steps.length - 1;
  const formRef = React.useRef<HTMLFormElement>(null);
  const shownStep = React.useRef(current);

  // a new step takes the focus to its first field
  React.useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    formRef.current
      ?.querySelector<HTMLElement>('[data-step-fields] :is(input, textarea, select, button)')
      ?.focus();
  }, [current]);

  // defaults that arrive later (memories load after the form) fill the fields the user has not touched
  const defaultsKey = JSON.stringify(defaultValues ?? {});
  const [appliedKey, setAppliedKey] = React.useState(defaultsKey);
  if (defaultsKey !== appliedKey) {
    setAppliedKey(defaultsKey);
    setValues((prev) => {
      const next = { ...prev };
      for (const [name, v] of Object.entries(defaultValues ?? {})) if (!touched.has(name)) next[name] = v;
      return next;
    });
  }

  function change(name: string, value: FieldValue) {
    setValues((prev) => ({ ...prev, [name]: value }));
    setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    if (problems[name]) setProblems(({ [name]: _gone, ...rest }) => rest);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (running || (last && blockedReason)) return;
    const found = preview ? {} : stepProblems(step.fields, values);
    setProblems(found);
    const firstProblem = Object.keys(found)[0];
    if (firstProblem) {
      // the first field to fix gets the focus (after the render that marks it)
      requestAnimationFrame(() => document.getElementById(`${idPrefix}-${firstProblem}`)?.focus());
      return;
    }
    if (!last) return setStepIndex(current + 1);
    if (preview) return;
    onGenerate?.(toRunInputs(steps, values));
  }

  const problemList = Object.values(problems);
  const alert = problemList.includes('required')
    ? errorCatalogue['field/required'].message
    : problemList.includes('email')
      ? INVALID_EMAIL_MESSAGE
      : '';

  return (
    <div className="grid gap-6">
      <BrandedHeading header={app.header} description={app.description} />
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className={cn(
          'grid gap-6',
          framed && 'rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8',
        )}
      >
        {app.welcomeMessage.trim() && (
          <p className="rounded-lg border bg-accent/60 px-4 py-3 text-sm whitespace-pre-line text-accent-foreground">
            {app.welcomeMessage}
          </p>
        )}
        {steps.length > 1 && <StepIndicator steps={steps} current={current} />}
        {step.fields.length > 0 && (
          <div className="grid gap-5" key={step.id} data-step-fields>
            {step.fields.map((field) => {
              const id = `${idPrefix}-${field.name}`;
              const problem = problems[field.name];
              const describedBy = problem ? `${id}-problem` : undefined;
              const value = values[field.name] ?? '';
              return (
                <div key={field.name} className="grid gap-2">
                  {field.name === MAIN_INPUT_NAME ? (
                    <MainInput
                      field={field}
                      id={id}
                      value={typeof value === 'string' ? value : value.join(', ')}
                      examples={app.examples}
                      invalid={Boolean(problem)}
                      disabled={running}
                      describedBy={describedBy}
                      onChange={(v) => change(field.name, v)}
                      onSubmitShortcut={() => formRef.current?.requestSubmit()}
                    />
                  ) : (
                    <>
                      <Label htmlFor={id} id={`${id}-label`}>
                        {field.label || field.name}
                        {field.required && <span className="text-destructive">*</span>}
                      </Label>
                      <FieldControl
                        field={field}
                        id={id}
                        value={value}
                        invalid={Boolean(problem)}
                        disabled={running}
                        describedBy={describedBy}
                        onChange={(v) => change(field.name, v)}
                      />
                      {field.type === 'photo' && field.instructions?.trim() && (
                        <p className="text-xs text-muted-foreground">{field.instructions}</p>
                      )}
                    </>
                  )}
                  {problem === 'email' && (
                    <p id={`${id}-problem`} className="text-xs text-destructive">
                      {INVALID_EMAIL_MESSAGE}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        )}
        {alert && (
          <p role="alert" className="text-sm text-destructive">
            {alert}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {current > 0 && (
            <Button
              type="button"
              variant="outline"
              size="lg"
              disabled={running}
              onClick={() => {
                setProblems({});
                setStepIndex(current - 1);
              }}
            >
              <ArrowLeft />
              Back
            </Button>
          )}
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
          ) : last ? (
            <Button
              key="generate"
              type="submit"
              size="lg"
              disabled={preview || Boolean(blockedReason)}
              aria-describedby={blockedReason ? `${idPrefix}-blocked` : undefined}
              className="min-w-36"
            >
              <Sparkles />
              Generate
            </Button>
          ) : (
            <Button key={`next-${current}`} type="submit" size="lg" className="min-w-28">
              Next
              <ArrowRight />
            </Button>
          )}
          {blockedReason && last && !running && (
            <span id={`${idPrefix}-blocked`} className="text-sm text-muted-foreground">
              {blockedReason}
            </span>
          )}
          {creditsPerRun > 0 && last && !running && !blockedReason && (
            <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Coins className="size-4" />
              {creditsLabel(creditsPerRun)}
            </span>
          )}
        </div>
      </form>
    </div>
  );
}
