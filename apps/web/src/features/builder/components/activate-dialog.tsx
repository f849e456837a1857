import * as React from 'react';
import { Check, Copy, ExternalLink, Info, Loader2 } from 'lucide-react';
import { errorCatalogue, type ToolStatus } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';

export function publicToolLink(appId: string, path: string, origin = window.location.origin): string {
  return `${origin}/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(path)}`;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  appId: string;
  path: string;
  status: ToolStatus;
  hasHeader: boolean;
  isPublished: boolean;
  pending: boolean;
  onStatusChange: (status: ToolStatus) => void;
}

/** 'Activate Your Tool' (spec 001 §2): the draft/active toggle and the copyable public link. */
export function ActivateDialog(props: Props) {
  const { open, onOpenChange, appId, path, status, hasHeader, isPublished, pending, onStatusChange } = props;
  const link = publicToolLink(appId, path);
  const [copied, setCopied] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const active = status === 'active';

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      inputRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    toast({ title: 'Link copied' });
    setTimeout(() => setCopied(false), 1500);
  }

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
          <div className="grid gap-1">
            <Label htmlFor="tool-status">Tool status</Label>
            <p className="text-xs text-muted-foreground">
              {active ? 'Visitors can run this tool.' : 'Only you can see this tool while it is a draft.'}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {pending && <Loader2 className="size-4 animate-spin text-muted-foreground" />}
            <Badge variant={active ? 'success' : 'muted'}>{status}</Badge>
            <Switch
              id="tool-status"
              checked={active}
              disabled={pending}
              onCheckedChange={(on) => onStatusChange(on ? 'active' : 'draft')}
            />
          </div>
        </div>
        {!active && !hasHeader && (
          <p className="-mt-2 text-xs text-amber-700">{errorCatalogue['tool/header-required'].message}</p>
        )}

        <div className="grid gap-2">
          <Label htmlFor="tool-link">Public link</Label>
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              id="tool-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button variant="outline" onClick={() => void copy()} aria-label="Copy link">
              {copied ? <Check /> : <Copy />}
              <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
            </Button>
            <Button variant="outline" size="icon" asChild>
              <a href={link} target="_blank" rel="noreferrer" aria-label="Open the public page">
                <ExternalLink />
              </a>
            </Button>
          </div>
        </div>

        {!isPublished && (
          <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-xs text-muted-foreground">
            <Info className="mt-px size-3.5 shrink-0" />
            Your app is not published yet. Publish it so visitors can open this link.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
