import * as React from 'react';
import { CheckCircle2, FlaskConical, GitCompare, ListChecks, Loader2, Wrench, XCircle } from 'lucide-react';
import {
  DEFAULT_REPAIR_ITERATIONS,
  MAX_REPAIR_ITERATIONS,
  MIN_REPAIR_ITERATIONS,
  validationTexts as texts,
  type RepairResult,
  type ValidationIssue,
  type ValidationResult,
} from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { applyBundle, repairVersion, validateVersion, type Timed } from '../api/validation';

/**
 * The validation and repair tester of one assistant message's version (spec 001 §2, §4; decision 0013): an admin's
 * tool. Validate, then repair (the default model, or a custom one beside it to compare), then apply a bundle.
 * Iterations, the compare toggle and the custom model are remembered in this browser.
 */

const STORE = {
  iterations: 'buildai.tester.iterations',
  compare: 'buildai.tester.compare',
  customModel: 'buildai.tester.customModel',
};

function useStored<T>(key: string, initial: T, parse: (raw: string) => T | null) {
  const [value, setValue] = React.useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? initial : (parse(raw) ?? initial);
    } catch {
      return initial;
    }
  });
  const set = React.useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // private mode: remembered for this page only
      }
    },
    [key],
  );
  return [value, set] as const;
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);

interface Props {
  appId: string;
  versionId: string;
  messageId: string;
  messageContent: string;
  /** a bundle was applied: the app's files changed */
  onApplied: () => void;
}

export function ValidationTester({ appId, versionId, messageId, messageContent, onApplied }: Props) {
  const [validation, setValidation] = React.useState<Timed<ValidationResult> | null>(null);
  const [validating, setValidating] = React.useState(false);
  const [repair, setRepair] = React.useState<Timed<{
    main: RepairResult;
    custom: RepairResult | null;
    customError: string | null;
  }> | null>(null);
  const [repairing, setRepairing] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [open, setOpen] = React.useState<'issues' | 'default' | 'custom' | 'compare' | null>(null);
  const [applied, setApplied] = React.useState<'default' | 'custom' | null>(null);
  const [iterations, setIterations] = useStored(STORE.iterations, DEFAULT_REPAIR_ITERATIONS, (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= MIN_REPAIR_ITERATIONS && n <= MAX_REPAIR_ITERATIONS ? n : null;
  });
  const [compare, setCompare] = useStored(STORE.compare, false, (raw) => raw === 'true');
  const [customModel, setCustomModel] = useStored(STORE.customModel, '', (raw) => raw);

  const validate = async () => {
    setValidating(true);
    setError(null);
    try {
      setValidation(await validateVersion(appId, versionId, messageId, messageContent));
      setRepair(null);
      setApplied(null);
    } catch {
      setError(texts.validateFailedAlert);
    } finally {
      setValidating(false);
    }
  };

  const runRepair = async () => {
    if (!validation || validation.issues.length === 0) {
      setError(texts.repairNeedsIssues);
      return;
    }
    setRepairing(true);
    setError(null);
    try {
      const custom = compare && customModel.trim() ? customModel.trim() : undefined;
      const answer = await repairVersion(appId, versionId, {
        messageId,
        messageContent,
        initialIssues: validation.issues,
        iterations,
        ...(custom ? { customModel: custom } : {}),
      });
      const { customModelResult, customModelError, clientExecutionTimeMs, ...main } = answer;
      setRepair({ main, custom: customModelResult, customError: customModelError, clientExecutionTimeMs });
      setApplied(null);
    } catch {
      setError(texts.repairFailedAlert);
    } finally {
      setRepairing(false);
    }
  };

  const apply = async (which: 'default' | 'custom') => {
    const result = which === 'default' ? repair?.main : repair?.custom;
    if (!result) return;
    await applyBundle(appId, versionId, messageId, result.appBundle.files);
    setApplied(which);
    onApplied();
  };

  const issues = validation?.issues ?? [];
  const canCompare = Boolean(compare && repair?.custom);
  return (
    <div
      role="toolbar"
      aria-label="Validation tester"
      className="flex w-full flex-wrap items-center gap-1.5 rounded-lg border border-dashed bg-muted/30 px-2 py-1.5"
    >
      <span className="mr-1 flex items-center gap-1 text-xs font-medium text-muted-foreground">
        <FlaskConical className="size-3.5" aria-hidden />
        Tester
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-7 px-2 text-xs"
        disabled={validating}
        onClick={validate}
      >
        {validating ? <Loader2 className="animate-spin" /> : <ListChecks />}
        {validation ? texts.revalidate : texts.validate}
      </Button>
      {validation && (
        <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setOpen('issues')}>
          Issues
          <Badge variant={issues.length ? 'destructive' : 'secondary'} className="ml-0.5 px-1.5">
            {issues.length}
          </Badge>
        </Button>
      )}
      {issues.length > 0 && (
        <>
          <Button
            size="sm"
            variant="outline"
            className="h-7 px-2 text-xs"
            disabled={repairing}
            onClick={runRepair}
          >
            {repairing ? <Loader2 className="animate-spin" /> : <Wrench />}
            {repair ? texts.rerepair : texts.tryRepair}
          </Button>
          <Label className="flex items-center gap-1 text-xs font-normal text-muted-foreground">
            Iterations
            <Input
              type="number"
              aria-label="Repair iterations"
              min={MIN_REPAIR_ITERATIONS}
              max={MAX_REPAIR_ITERATIONS}
              value={iterations}
              onChange={(e) => {
                const n = Math.round(Number(e.target.value));
                if (n >= MIN_REPAIR_ITERATIONS && n <= MAX_REPAIR_ITERATIONS) setIterations(n);
              }}
              className="h-7 w-14 px-2 text-xs"
            />
          </Label>
          <Label className="flex items-center gap-1.5 text-xs font-normal text-muted-foreground">
            <Switch checked={compare} onCheckedChange={setCompare} aria-label="Compare with a custom model" />
            Compare
          </Label>
          {compare && (
            <Input
              aria-label="Custom model"
              placeholder="Custom model, e.g. gpt-4o"
              value={customModel}
              onChange={(e) => setCustomModel(e.target.value)}
              className="h-7 w-44 px-2 text-xs"
            />
          )}
        </>
      )}
      {repair && (
        <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setOpen('default')}>
          {texts.details}
        </Button>
      )}
      {canCompare && (
        <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => setOpen('compare')}>
          <GitCompare />
          {texts.compareResults}
        </Button>
      )}
      {applied && (
        <Badge variant="secondary" className="gap-1">
          <CheckCircle2 className="size-3" aria-hidden /> Applied
        </Badge>
      )}
      {error && (
        <p role="alert" className="w-full text-xs text-destructive">
          {error}
        </p>
      )}

      {validation && (
        <ValidationDialog
          open={open === 'issues'}
          onOpenChange={(o) => setOpen(o ? 'issues' : null)}
          result={validation}
        />
      )}
      {repair && (
        <RepairDialog
          open={open === 'default'}
          onOpenChange={(o) => setOpen(o ? 'default' : null)}
          title={`Repair results: default model (${texts.defaultModelLabel})`}
          result={repair.main}
          clientExecutionTimeMs={repair.clientExecutionTimeMs}
          applied={applied === 'default'}
          onApply={() => apply('default')}
        />
      )}
      {repair?.custom && (
        <RepairDialog
          open={open === 'custom'}
          onOpenChange={(o) => setOpen(o ? 'custom' : null)}
          title={`Repair results: custom model (${repair.custom.modelUsed})`}
          result={repair.custom}
          clientExecutionTimeMs={repair.clientExecutionTimeMs}
          applied={applied === 'custom'}
          onApply={() => apply('custom')}
        />
      )}
      {repair && canCompare && (
        <CompareDialog
          open={open === 'compare'}
          onOpenChange={(o) => setOpen(o ? 'compare' : null)}
          main={repair.main}
          custom={repair.custom!}
          onDetails={(which) => setOpen(which)}
        />
      )}
      {repair?.customError && <p className="w-full text-xs text-destructive">{repair.customError}</p>}
    </div>
  );
}

function IssueRow({ issue }: { issue: ValidationIssue }) {
  return (
    <li className="grid gap-0.5 rounded-md border px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant={issue.severity === 'error' ? 'destructive' : 'secondary'}>{issue.severity}</Badge>
        <Badge variant="outline" className="font-mono">
          {issue.detectorId}
        </Badge>
        <span className="font-mono text-xs text-muted-foreground">
          {issue.file}
          {issue.line ? `:${issue.line}` : ''} · {issue.componentName}
        </span>
      </div>
      <p className="break-words">{issue.message}</p>
    </li>
  );
}

function ValidationDialog({
  open,
  onOpenChange,
  result,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  result: Timed<ValidationResult>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[820px]">
        <DialogHeader>
          <DialogTitle>{texts.validationResults}</DialogTitle>
          <DialogDescription>
            {result.issues.length} {result.issues.length === 1 ? 'issue' : 'issues'} · server{' '}
            {ms(result.executionTimeMs)} · client {ms(result.clientExecutionTimeMs)}
          </DialogDescription>
        </DialogHeader>
        {result.issues.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-4 text-sm">
            <CheckCircle2 className="size-4 text-emerald-600" aria-hidden /> No issues found
          </p>
        ) : (
          <ul aria-label="Issues" className="grid gap-2">
            {result.issues.map((issue, i) => (
              <IssueRow key={i} issue={issue} />
            ))}
          </ul>
        )}
        <table className="w-full text-xs">
          <caption className="mb-1 text-left font-medium">Detectors</caption>
          <tbody>
            {result.detectors.map((d) => (
              <tr key={d.detectorId} className="border-t">
                <td className="py-1">{d.name}</td>
                <td className="py-1 text-right tabular-nums">{d.issueCount}</td>
                <td className="py-1 text-right text-muted-foreground tabular-nums">
                  {ms(d.executionTimeMs)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-md border px-3 py-2">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="text-sm font-medium tabular-nums">{value}</div>
    </div>
  );
}

function RepairDialog({
  open,
  onOpenChange,
  title,
  result,
  clientExecutionTimeMs,
  applied,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  result: RepairResult;
  clientExecutionTimeMs: number;
  applied: boolean;
  onApply: () => Promise<void>;
}) {
  const [applying, setApplying] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[1000px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {result.modelUsed} · from version {result.previousVersionId}
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          <Stat label="Issues before" value={result.initialIssues.length} />
          <Stat label="Unresolved" value={result.unresolvedIssues.length} />
          <Stat label="Files repaired" value={result.repairedFiles.length} />
          <Stat label="Iterations" value={result.iterationsPerformed} />
          <Stat
            label="Time (server / client)"
            value={`${ms(result.executionTimeMs)} / ${ms(clientExecutionTimeMs)}`}
          />
        </div>
        {result.unresolvedIssues.length > 0 && (
          <section aria-label="Unresolved issues" className="grid gap-2">
            <h3 className="text-sm font-medium">Unresolved issues</h3>
            <ul className="grid gap-2">
              {result.unresolvedIssues.map((issue, i) => (
                <IssueRow key={i} issue={issue} />
              ))}
            </ul>
          </section>
        )}
        <section aria-label="Repairs" className="grid gap-3">
          {result.repairProcessDetails.map((file) => (
            <div key={file.fileId} className="rounded-md border">
              <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-3 py-2">
                <span className="font-mono text-xs">{file.fileId}</span>
                <span className="flex items-center gap-1 text-xs">
                  {file.repairSuccess ? (
                    <CheckCircle2 className="size-3.5 text-emerald-600" aria-hidden />
                  ) : (
                    <XCircle className="size-3.5 text-destructive" aria-hidden />
                  )}
                  {file.initialIssueCount} → {file.finalIssueCount} · {ms(file.totalProcessingTimeMs)}
                </span>
              </div>
              <ul className="divide-y">
                {[...file.ruleBasedRepairs, ...file.aiRepairs].map((step) => (
                  <li key={step.issueId} className="px-3 py-2 text-xs">
                    <div className="flex flex-wrap items-center gap-1.5">
                      <Badge variant={step.modelUsed === 'rules' ? 'outline' : 'secondary'}>
                        {step.modelUsed === 'rules' ? 'Rule' : `AI · ${step.modelUsed}`}
                      </Badge>
                      <span className="font-mono text-muted-foreground">{step.detectorId}</span>
                      <span className={cn(step.success ? 'text-emerald-700' : 'text-destructive')}>
                        {step.success
                          ? 'repaired'
                          : `failed${step.errorMessage ? `: ${step.errorMessage}` : ''}`}
                      </span>
                      <span className="ml-auto text-muted-foreground tabular-nums">
                        {ms(step.processingTimeMs)}
                      </span>
                    </div>
                    <p className="mt-1 break-words">{step.issueMessage}</p>
                    <details className="mt-1">
                      <summary className="cursor-pointer text-muted-foreground">Before and after</summary>
                      {step.prompt && (
                        <pre className="mt-1 max-h-40 overflow-auto rounded bg-muted p-2 whitespace-pre-wrap">
                          {step.prompt}
                        </pre>
                      )}
                      <pre className="mt-1 max-h-40 overflow-auto rounded bg-muted p-2">
                        {step.outputContent}
                      </pre>
                    </details>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
        <DialogFooter className="items-center">
          {failed && <p className="mr-auto text-sm text-destructive">Failed to apply the bundle</p>}
          {applied ? (
            <Badge variant="secondary" className="gap-1">
              <CheckCircle2 className="size-3" aria-hidden /> Applied
            </Badge>
          ) : (
            <Button
              disabled={applying || result.repairedFiles.length === 0}
              onClick={async () => {
                setApplying(true);
                setFailed(false);
                try {
                  await onApply();
                } catch {
                  setFailed(true);
                } finally {
                  setApplying(false);
                }
              }}
            >
              {applying && <Loader2 className="animate-spin" />}
              Apply bundle
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CompareDialog({
  open,
  onOpenChange,
  main,
  custom,
  onDetails,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  main: RepairResult;
  custom: RepairResult;
  onDetails: (which: 'default' | 'custom') => void;
}) {
  const rows: [string, (r: RepairResult) => React.ReactNode][] = [
    ['Model', (r) => <span className="font-mono">{r.modelUsed}</span>],
    ['Unresolved issues', (r) => r.unresolvedIssues.length],
    ['Files repaired', (r) => r.repairedFiles.length],
    ['Iterations', (r) => r.iterationsPerformed],
    ['AI repairs', (r) => r.repairProcessDetails.reduce((n, f) => n + f.aiRepairs.length, 0)],
    ['Time', (r) => ms(r.executionTimeMs)],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        <DialogHeader>
          <DialogTitle>{texts.compareResults}</DialogTitle>
          <DialogDescription>The same issues repaired by each model.</DialogDescription>
        </DialogHeader>
        <table className="w-full text-sm" aria-label="Model comparison">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th className="py-1 font-normal" />
              <th className="py-1 font-medium">Default ({texts.defaultModelLabel})</th>
              <th className="py-1 font-medium">Custom</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-t">
                <th scope="row" className="py-1.5 text-left font-normal text-muted-foreground">
                  {label}
                </th>
                <td className="py-1.5 tabular-nums">{cell(main)}</td>
                <td className="py-1.5 tabular-nums">{cell(custom)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <DialogFooter>
          <Button variant="outline" onClick={() => onDetails('default')}>
            Default model details
          </Button>
          <Button variant="outline" onClick={() => onDetails('custom')}>
            Custom model details
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
