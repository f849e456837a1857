import * as React from 'react';
import { ArrowUp, LayoutGrid, Loader2 } from 'lucide-react';
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

/** The home page's prompt box: one sentence starts a generated app. */
export function DescribeAppBox() {
  const [text, setText] = React.useState('');
  const { start, pending } = useDescribeApp();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) start(text);
      }}
      className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <label htmlFor="describe-app" className="text-sm font-semibold">
        Describe an app and the chat builds its tools
      </label>
      <div className="mt-3 flex items-end gap-2">
        <Textarea
          id="describe-app"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={EXAMPLE}
          rows={2}
          className="min-h-[64px] resize-none"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              if (text.trim()) start(text);
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Build the app" disabled={pending || !text.trim()}>
          {pending ? <Loader2 className="animate-spin" /> : <ArrowUp />}
        </Button>
      </div>
    </form>
  );
}
