import * as React from 'react';
import { diffWordsWithSpace } from 'diff';
import { ChevronDown } from 'lucide-react';
import type { VersionDiffEntry } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { hunksOf, wordDiffAllowed, type DiffLine } from '../lib/diff';

const statusVariant = { added: 'success', modified: 'warning', deleted: 'destructive' } as const;

/** The words of a changed line against its counterpart, the changed ones marked. */
function Words({ text, other, kind }: { text: string; other: string; kind: 'add' | 'remove' }) {
  const parts = kind === 'add' ? diffWordsWithSpace(other, text) : diffWordsWithSpace(text, other);
  return (
    <>
      {parts.map((p, i) => {
        if (kind === 'add' ? p.removed : p.added) return null;
        const changed = kind === 'add' ? p.added : p.removed;
        return (
          <span key={i} className={cn(changed && (kind === 'add' ? 'bg-emerald-200/80' : 'bg-red-200/80'))}>
            {p.value}
          </span>
        );
      })}
    </>
  );
}

/** Pairs each removed line of a change block with the added line at the same place, for word highlighting. */
function counterparts(lines: DiffLine[]): Map<number, string> {
  const pairs = new Map<number, string>();
  for (let i = 0; i < lines.length;) {
    if (lines[i]!.kind === 'context') {
      i++;
      continue;
    }
    const removed: number[] = [];
    const added: number[] = [];
    while (i < lines.length && lines[i]!.kind !== 'context')
      (lines[i]!.kind === 'remove' ? removed : added).push(i++);
    removed.forEach((r, k) => {
      const a = added[k];
      if (a === undefined) return;
      pairs.set(r, lines[a]!.text);
      pairs.set(a, lines[r]!.text);
    });
  }
  return pairs;
}

/** One file's change: path, status, and its hunks with 3 lines of context (word diff for small files). */
export function FileDiff({ entry }: { entry: VersionDiffEntry }) {
  const [open, setOpen] = React.useState(true);
  const hunks = React.useMemo(() => hunksOf(entry), [entry]);
  const words = wordDiffAllowed(entry);
  return (
    <section aria-label={entry.path} data-status={entry.status} className="overflow-hidden rounded-lg border">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 bg-muted/50 px-3 py-2 text-left"
      >
        <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden />
        <span className="min-w-0 flex-1 truncate font-mono text-xs font-medium">{entry.path}</span>
        <Badge variant={statusVariant[entry.status]}>{entry.status}</Badge>
      </button>
      {open && (
        <div className="overflow-x-auto font-mono text-xs leading-5">
          {hunks.map((h) => {
            const pairs = words ? counterparts(h.lines) : new Map<number, string>();
            return (
              <div key={h.header}>
                <div className="bg-sky-50 px-3 py-0.5 text-sky-700">{h.header}</div>
                {h.lines.map((l, i) => (
                  <div
                    key={i}
                    data-kind={l.kind}
                    className={cn(
                      'flex min-w-max',
                      l.kind === 'add' && 'bg-emerald-50 text-emerald-900',
                      l.kind === 'remove' && 'bg-red-50 text-red-900',
                    )}
                  >
                    <span className="w-10 shrink-0 pr-2 text-right text-muted-foreground select-none">
                      {l.oldNo}
                    </span>
                    <span className="w-10 shrink-0 pr-2 text-right text-muted-foreground select-none">
                      {l.newNo}
                    </span>
                    <span className="w-4 shrink-0 select-none">
                      {l.kind === 'add' ? '+' : l.kind === 'remove' ? '-' : ' '}
                    </span>
                    <span className="pr-4 whitespace-pre">
                      {l.kind !== 'context' && pairs.has(i) ? (
                        <Words text={l.text} other={pairs.get(i)!} kind={l.kind} />
                      ) : (
                        l.text
                      )}
                    </span>
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
