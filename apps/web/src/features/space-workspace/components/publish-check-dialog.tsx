import { KeyRound, ShieldAlert, UserRound } from 'lucide-react';
import {
  probeCallers,
  publishCheckTexts as t,
  type EntityProbe,
  type ProbeOutcome,
  type PublishCheckResponse,
} from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { cn } from '@/lib/utils';

interface Props {
  /** the check's answer (findings to confirm), or the reason it could not run */
  result: PublishCheckResponse | { error: string } | null;
  onCancel: () => void;
  onConfirm: () => void;
}

const OPERATIONS = ['read', 'create', 'update', 'delete'] as const;

/**
 * The publish check's confirmation (issue 30): what was found (personal data others can read, secrets in page
 * code) and who can do what with each entity; Publish anyway or Cancel.
 */
export function PublishCheckDialog({ result, onCancel, onConfirm }: Props) {
  const failed = result && 'error' in result ? result.error : null;
  const check = result && !('error' in result) ? result : null;
  return (
    <AlertDialog open={result !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <AlertDialogHeader>
          <div className="flex items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700">
              <ShieldAlert className="size-5" />
            </span>
            <AlertDialogTitle>{failed ? t.failed : t.title}</AlertDialogTitle>
          </div>
          <AlertDialogDescription>{failed ?? t.description}</AlertDialogDescription>
        </AlertDialogHeader>
        {check && (
          <>
            <section aria-label={t.findings} className="grid gap-2">
              <h3 className="text-sm font-semibold">{t.findings}</h3>
              <ul className="grid gap-2">
                {check.findings.map((f, i) => (
                  <li
                    key={i}
                    className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm text-amber-950"
                  >
                    {f.kind === 'secret' ? (
                      <KeyRound className="mt-0.5 size-4 shrink-0 text-amber-700" />
                    ) : (
                      <UserRound className="mt-0.5 size-4 shrink-0 text-amber-700" />
                    )}
                    <span>{f.message}</span>
                  </li>
                ))}
              </ul>
            </section>
            {check.entities.length > 0 && <AccessTable entities={check.entities} />}
          </>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>{t.cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t.confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const outcomeClass: Record<ProbeOutcome, string> = {
  allowed: 'text-foreground font-medium',
  denied: 'text-muted-foreground',
  untested: 'text-muted-foreground italic',
};

function AccessTable({ entities }: { entities: EntityProbe[] }) {
  return (
    <section aria-label={t.access} className="grid gap-2">
      <h3 className="text-sm font-semibold">{t.access}</h3>
      <div className="grid gap-3">
        {entities.map((e) => (
          <div key={e.entity} className="overflow-x-auto rounded-lg border">
            <table className="w-full text-xs" aria-label={`${e.entity} access`}>
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-2 text-left font-semibold text-foreground sm:px-3">
                    {e.entity}
                    {e.personalFields.length > 0 && (
                      <span className="block font-normal text-muted-foreground sm:ml-1.5 sm:inline">
                        ({e.personalFields.join(', ')})
                      </span>
                    )}
                  </th>
                  {OPERATIONS.map((op) => (
                    <th key={op} scope="col" className="px-1 py-2 text-center font-medium sm:px-2">
                      {t.operations[op]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {probeCallers.map((who) => (
                  <tr key={who} className="border-t">
                    <th
                      scope="row"
                      className="px-2 py-1.5 text-left font-normal text-muted-foreground sm:px-3"
                    >
                      {t.callers[who]}
                    </th>
                    {OPERATIONS.map((op) => {
                      const outcome = e.access[who][op];
                      const risky =
                        outcome === 'allowed' && op === 'read' && who !== 'user' && e.personalFields.length;
                      return (
                        <td
                          key={op}
                          className={cn(
                            'px-2 py-1.5 text-center',
                            outcomeClass[outcome],
                            risky && 'text-amber-700',
                          )}
                        >
                          {t.outcomes[outcome]}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {e.note && <p className="border-t px-2 py-1.5 sm:px-3 text-xs text-muted-foreground">{e.note}</p>}
          </div>
        ))}
      </div>
    </section>
  );
}
