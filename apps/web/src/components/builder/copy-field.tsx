import * as React from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { COPIED_MS } from '@/lib/ui-constants';

/** A read-only address with a copy button (the clipboard, or a selection to copy by hand when it is refused). */
export function CopyField({ id, value, label }: { id: string; value: string; label: string }) {
  const input = React.useRef<HTMLInputElement>(null);
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      input.current?.select();
    }
  }

  return (
    <div className="flex gap-1.5">
      <Input
        id={id}
        ref={input}
        readOnly
        value={value}
        className="h-8 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => void copy()}
        aria-label={copied ? 'Copied' : `Copy ${label}`}
      >
        {copied ? <Check /> : <Copy />}
      </Button>
    </div>
  );
}
