import * as React from 'react';
import { AlertCircle, Check, Copy, ExternalLink, Info, Loader2, Sparkles } from 'lucide-react';
import { builderMessages, liveToolLimit, type ToolStatus } from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { COPIED_MS } from '@/lib/ui-constants';
import type { ActivateToolDialogProps } from '@/lib/builder-types';
import { useChangeToolStatus } from '../api/tools';
import { publicToolLink } from './tool-rules';

type Problem = { text: string; upgrade: boolean } | null;

/** Activate Your Tool dialog (spec 001 §2, §4): draft ⇄ active, and the tool's public link. */
export function ActivateToolDialog({
  app,
  tool,
  account,
  open,
  onOpenChange,
  onUpgrade,
}: ActivateToolDialogProps) {
  const changeStatus = useChangeToolStatus(app.appId);
  const [status, setStatus] = React.useState<ToolStatus>(tool.status);
  const [problem, setProblem] = React.useState<Problem>(null);
  const [copied, setCopied] = React.useState(false);
  const linkRef = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => setStatus(tool.status), [tool.status]);
  React.useEffect(() => {
    if (!open) setProblem(null);
  }, [open]);
  React.useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const active = status === 'active';
  const hasHeader = (tool.title || tool.app.header || '').trim() !== '';
  const limit = liveToolLimit(account.plan);
  const otherActive = app.tools.filter((t) => t.status === 'active' && t.toolId !== tool.toolId).length;
  const link = publicToolLink(app.appId, tool.path);

  function toggle(on: boolean) {
    setProblem(null);
    if (on && !hasHeader) return setProblem({ text: builderMessages.headerRequired, upgrade: false });
    if (on && otherActive >= limit) {
      return setProblem({ text: builderMessages.liveToolLimit(limit), upgrade: true });
    }
    const next: ToolStatus = on ? 'active' : 'draft';
    changeStatus.mutate(
      { toolId: tool.toolId, status: next },
      {
        onSuccess: (saved) => {
          setStatus(saved.status);
          toast({ title: saved.status === 'active' ? 'Your tool is active' : 'Your tool is a draft again' });
        },
        onError: (err) =>
          setProblem({ text: errorMessage(err), upgrade: isAppError(err) && err.code === 'tool/live-limit' }),
      },
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      linkRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  const note = !problem && !active && !hasHeader ? builderMessages.headerRequired : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[600px]">
        <DialogHeader>
          <DialogTitle>Activate Your Tool</DialogTitle>
          <DialogDescription>
            An active tool can be run by anyone with its link once your app is published.
          </DialogDescription>
        </DialogHeader>

        <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="activate-tool-status">Tool status</Label>
            <p className="text-xs text-muted-foreground">
              {active ? 'Users can run this tool.' : 'Only you can see this tool while it is a draft.'}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            {changeStatus.isPending && <Loader2 className="size-4 animate-spin text-muted-foreground" />}
            <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Draft'}</Badge>
            <Switch
              id="activate-tool-status"
              checked={active}
              disabled={changeStatus.isPending}
              onCheckedChange={toggle}
            />
          </div>
        </div>

        {note && (
          <p className="-mt-1 flex items-start gap-2 text-xs text-amber-700">
            <Info className="mt-px size-3.5 shrink-0" />
            {note}
          </p>
        )}
        {problem && (
          <Alert variant="destructive">
            <AlertCircle />
            <AlertDescription>
              <p>{problem.text}</p>
              {problem.upgrade && (
                <Button size="sm" className="mt-2" onClick={onUpgrade}>
                  <Sparkles />
                  Upgrade plan
                </Button>
              )}
            </AlertDescription>
          </Alert>
        )}

        <div className="grid gap-2">
          <Label htmlFor="activate-tool-link">Public link</Label>
          <div className="flex gap-2">
            <Input
              ref={linkRef}
              id="activate-tool-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button
              variant="outline"
              onClick={() => void copy()}
              aria-label={copied ? 'Copied' : 'Copy link'}
            >
              {copied ? <Check /> : <Copy />}
              <span className="hidden sm:inline" aria-live="polite">
                {copied ? 'Copied' : 'Copy'}
              </span>
            </Button>
            <Button variant="outline" size="icon" asChild>
              <a href={link} target="_blank" rel="noreferrer" aria-label="Open the public page">
                <ExternalLink />
              </a>
            </Button>
          </div>
        </div>

        {!app.isPublished && (
          <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-xs text-muted-foreground">
            <Info className="mt-px size-3.5 shrink-0" />
            Your app is not published yet. Publish it so users can open this link.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
