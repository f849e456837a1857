import { KeyRound, TriangleAlert } from 'lucide-react';
import type { ApiKeyCreated, AppView } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { curlExample, exampleTool, mcpUrl, openAiBaseUrl } from '../lib/api-examples';
import { CopyBlock } from '@/components/builder/copy-block';
import { CopyField } from '@/components/builder/copy-field';

export const KEY_SHOWN_ONCE = 'Copy this key now: it is shown only once. Keep it secret, like a password.';

/** The key just created, shown this once, with a curl example and where MCP and OpenAI clients connect. */
export function ApiKeyCreatedDialog({
  app,
  created,
  onClose,
}: {
  app: Pick<AppView, 'appId' | 'tools'>;
  /** the answer of the create call; null: closed */
  created: ApiKeyCreated | null;
  onClose: () => void;
}) {
  const tool = exampleTool(app);
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-[600px]">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRound className="size-4 text-primary" />
            Your API key “{created?.name}”
          </DialogTitle>
          <DialogDescription>Send it as a bearer token with each request.</DialogDescription>
        </DialogHeader>
        {created && (
          <div className="grid gap-4">
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
            >
              <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden />
              {KEY_SHOWN_ONCE}
            </p>
            <CopyBlock value={created.key} label="API key" testId="api-key-value" />
            <div className="grid gap-2">
              <p className="text-sm font-medium">
                {tool ? `Run ${tool.title || tool.path}` : 'Chat with your assistant'}
              </p>
              <CopyBlock value={curlExample(app, created.key)} label="curl example" testId="api-key-curl" />
            </div>
            <div className="grid gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="api-key-mcp-url">MCP server</Label>
                <CopyField id="api-key-mcp-url" value={mcpUrl(app.appId)} label="MCP server address" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="api-key-openai-url">OpenAI base URL</Label>
                <CopyField id="api-key-openai-url" value={openAiBaseUrl()} label="OpenAI base URL" />
              </div>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
