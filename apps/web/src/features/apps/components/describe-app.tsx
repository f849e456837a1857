import * as React from 'react';
import { ArrowUp, Boxes, LayoutGrid, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useNewTool } from '../hooks/use-new-tool';

const EXAMPLE =
  'An app for estate agents: a listing writer, a buyer-email drafter and an open-house social post';

/** Creates a generated app and opens it with the description as the App Chat's first message (decision 0015). */
function useDescribeApp() {
  const { create, pending } = useNewTool();
  const start = (text: string) => create('generated', text.trim() || undefined);
  return { start, pending };
}

/** "New ▸ App with several tools": describe the app and the chat writes its tools; or start it empty. */
export function DescribeAppDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [text, setText] = React.useState('');
  const { start, pending } = useDescribeApp();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Describe your app</DialogTitle>
          <DialogDescription>
            Say who it is for and what its tools do. The App Chat writes each tool: its fields, prompt, texts
            and examples. You refine it by talking.
          </DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) start(text);
          }}
          className="grid gap-3"
        >
          <Textarea
            aria-label="Describe your app"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={EXAMPLE}
            rows={4}
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && text.trim()) start(text);
            }}
          />
          <DialogFooter className="gap-2 sm:justify-between">
            <Button type="button" variant="ghost" disabled={pending} onClick={() => start('')}>
              Start with an empty app
            </Button>
            <Button type="submit" disabled={pending || !text.trim()}>
              {pending ? <Loader2 className="animate-spin" /> : <LayoutGrid />}
              Create app
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const APP_EXAMPLE = 'A booking page for my yoga classes: a weekly schedule, sign-ups and a waiting list';

type StartKind = 'space' | 'generated';
const KINDS: [StartKind, string, string][] = [
  ['space', 'Pages and data', 'The chat writes its pages, data and sign-in'],
  ['generated', 'AI tools', 'The chat writes its AI tools: fields, prompts, examples'],
];

/**
 * The home page's prompt box (issue 32, item 8): "Describe the app you want" starts an app with the description as
 * its chat's first request, as Lovable and bolt open, and the app is named from it. An app of pages and data by
 * default; "AI tools" starts an app of several AI tools instead.
 */
export function DescribeAppBox() {
  const [text, setText] = React.useState('');
  const [kind, setKind] = React.useState<StartKind>('space');
  const { create, pending } = useNewTool();
  const start = () => {
    if (text.trim()) create(kind, text.trim());
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
      className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <label htmlFor="describe-app" className="text-base font-semibold tracking-tight">
        Describe the app you want
      </label>
      <div className="mt-3 flex items-end gap-2">
        <Textarea
          id="describe-app"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={kind === 'space' ? APP_EXAMPLE : EXAMPLE}
          rows={2}
          className="min-h-[64px] resize-none"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              start();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Build the app" disabled={pending || !text.trim()}>
          {pending ? <Loader2 className="animate-spin" /> : <ArrowUp />}
        </Button>
      </div>
      <div
        role="radiogroup"
        aria-label="What the chat builds"
        className="mt-3 flex flex-wrap items-center gap-2"
      >
        {KINDS.map(([value, label, hint]) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={kind === value}
            title={hint}
            onClick={() => setKind(value)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              kind === value
                ? 'border-primary/40 bg-primary/10 text-primary'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {value === 'space' ? <Boxes className="size-3.5" /> : <LayoutGrid className="size-3.5" />}
            {label}
          </button>
        ))}
        <span className="text-xs text-muted-foreground">{KINDS.find(([v]) => v === kind)![2]}</span>
      </div>
    </form>
  );
}
