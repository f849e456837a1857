import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { COPIED_MS } from '@/lib/ui-constants';

/** Copies `value`: true once it is on the clipboard (then for COPIED_MS), false when the browser refuses. */
export function useCopy(value: string) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = React.useCallback(async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }, [value]);
  return { copied, copy };
}

/**
 * Code to paste elsewhere (the widget's snippet, a key, a curl example), with a Copy button. When the clipboard is
 * refused the code is selected, to copy by hand.
 */
export function CopyBlock({
  value,
  label,
  className,
  testId,
}: {
  value: string;
  /** what is copied, for the button's name: "Copy {label}" */
  label: string;
  className?: string;
  testId?: string;
}) {
  const { copied, copy } = useCopy(value);
  const code = React.useRef<HTMLPreElement>(null);
  async function onCopy() {
    if (await copy()) return;
    const node = code.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  return (
    <div className={cn('relative rounded-lg border bg-zinc-950 text-zinc-50', className)}>
      <pre
        ref={code}
        data-testid={testId}
        className="overflow-x-auto px-3 py-2.5 pr-24 font-mono text-[11px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]"
      >
        {value}
      </pre>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="absolute top-1.5 right-1.5 h-7"
        onClick={() => void onCopy()}
        aria-label={copied ? 'Copied' : `Copy ${label}`}
      >
        {copied ? <Check /> : <Copy />}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </Button>
    </div>
  );
}
