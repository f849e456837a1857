import * as React from 'react';
import { AlertTriangle, ChevronDown, EyeOff, Loader2, Sparkles } from 'lucide-react';
import { spaceTexts, type AppErrorItem } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { errorKey } from '../lib/fix-message';

interface Props {
  errors: AppErrorItem[];
  fixing: boolean;
  /** false while the chat is busy or read-only */
  canResolve: boolean;
  onResolve: (errors: AppErrorItem[]) => void;
}

const plural = (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'}`;

/**
 * The floating issues panel (spec 001 §2, §4): hidden without errors, a pill at first, open by itself when the
 * count changes while it is a pill; errors can be suppressed (the last one suppressed folds it) and revealed.
 */
export function IssuesPanel({ errors, fixing, canResolve, onResolve }: Props) {
  const [expanded, setExpanded] = React.useState(false);
  const [suppressed, setSuppressed] = React.useState<ReadonlySet<string>>(new Set());
  const visible = errors.filter((e) => !suppressed.has(errorKey(e)));
  const hidden = errors.length - visible.length;

  const count = visible.length;
  const lastCount = React.useRef(count);
  React.useEffect(() => {
    // errors appearing show the pill first; a changing count while it is a pill opens the list
    if (count !== lastCount.current && count > 0 && lastCount.current > 0) setExpanded(true);
    lastCount.current = count;
  }, [count]);

  if (errors.length === 0) return null;

  const suppress = (e: AppErrorItem) => {
    const next = new Set(suppressed).add(errorKey(e));
    setSuppressed(next);
    if (visible.length === 1) setExpanded(false);
    lastCount.current = visible.length - 1; // folding by hand is not a change to announce
  };
  const reveal = () => {
    setSuppressed(new Set());
    lastCount.current = errors.length;
    setExpanded(true);
  };

  if (!expanded) {
    return (
      <div className="pointer-events-auto fixed right-4 bottom-4 z-40">
        <button
          type="button"
          onClick={() => (count ? setExpanded(true) : reveal())}
          className="flex items-center gap-2 rounded-full border border-destructive/30 bg-background px-3.5 py-1.5 text-sm font-medium text-destructive shadow-lg transition-colors hover:bg-destructive/5"
        >
          <AlertTriangle className="size-4" aria-hidden />
          {count ? plural(count) : `${plural(hidden)} suppressed`}
        </button>
      </div>
    );
  }
  return (
    <section
      aria-label="Issues"
      className="pointer-events-auto fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100%-2rem))] rounded-xl border bg-background shadow-xl"
    >
      <header className="flex items-center gap-2 border-b px-3 py-2">
        <AlertTriangle className="size-4 text-destructive" aria-hidden />
        <h2 className="flex-1 text-sm font-semibold">{plural(count)}</h2>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7"
          aria-label="Minimise"
          onClick={() => setExpanded(false)}
        >
          <ChevronDown />
        </Button>
      </header>
      <ul className="max-h-[100px] overflow-y-auto px-3 py-2 text-sm">
        {visible.map((e) => (
          <li key={errorKey(e)} className="flex items-start gap-2 py-1">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-destructive" title={e.details}>
                {e.title}
              </p>
              {e.componentName && (
                <p className="truncate text-xs text-muted-foreground">in {e.componentName}</p>
              )}
            </div>
            <Button
              variant="ghost"
              size="icon-sm"
              className="size-6 text-muted-foreground"
              aria-label={`Suppress ${e.title}`}
              onClick={() => suppress(e)}
            >
              <EyeOff className="size-3.5" />
            </Button>
          </li>
        ))}
      </ul>
      <footer className="flex items-center justify-between gap-2 border-t px-3 py-2">
        {hidden > 0 ? (
          <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={reveal}>
            Show {hidden} suppressed
          </Button>
        ) : (
          <span />
        )}
        <Button size="sm" disabled={fixing || !canResolve || count === 0} onClick={() => onResolve(visible)}>
          {fixing ? <Loader2 className="animate-spin" /> : <Sparkles />}
          {fixing ? spaceTexts.fixing : spaceTexts.resolveWithAi}
        </Button>
      </footer>
    </section>
  );
}
