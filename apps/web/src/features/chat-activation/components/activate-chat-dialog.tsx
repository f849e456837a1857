import { publicOrigin } from '@/lib/public-origin';
import * as React from 'react';
import { Database, ExternalLink, FlaskConical, Info, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { chatMessages, embedSnippet, type AppView, type AssistantSettings } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { chatSettingsOf, useActivateChat } from '@/lib/builder-api/chat-assistant';
import type { ActivateChatDialogProps } from '@/lib/builder-types';
import { CopyField } from '@/components/builder/copy-field';
import { CopyBlock } from '@/components/builder/copy-block';
import { BehaviourFields, WidgetFields } from './assistant-settings-fields';
import { EmbedOriginsEditor } from './embed-origins-editor';
import { useAssistantDraft } from './use-assistant-draft';
import { WidgetPreview } from './widget-preview';

/** The end users' chat page of an app. */
export function chatPageLink(appId: string, origin = publicOrigin()): string {
  return `${origin}/app/${encodeURIComponent(appId)}/chat`;
}

/** The app's button colour, which the chat's header uses (the server's default when it has none). */
const primaryOf = (app: AppView) => app.appStyle?.buttonBackgroundColor || '#2563eb';

/**
 * Activate Your Chat Assistant (spec 001 §2, §3, §4, §8): draft ⇄ active, applied at once and put back when the
 * server refuses; once the assistant has its own app, a way to its data sources; once active, the chat page and the
 * website widget's snippet with the sites allowed to show it. Behaviour and Widget shape the assistant (decision
 * 0017) beside a live preview of the widget.
 */
export function ActivateChatDialog(props: ActivateChatDialogProps) {
  const { open, onOpenChange } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-[600px] lg:max-w-[960px]">
        {open && <DialogBody {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function DialogBody({ app, settings, onSettingsChange, isAdmin, onOpenChange }: ActivateChatDialogProps) {
  const activate = useActivateChat(app.appId);
  const { chatAppId, status } = chatSettingsOf(app);
  const active = status === 'active';
  const snippet = embedSnippet(publicOrigin(), app.appId);
  const [tab, setTab] = React.useState('setup');
  const onAssistantChange = React.useCallback(
    (assistantSettings: AssistantSettings) => onSettingsChange({ assistantSettings }),
    [onSettingsChange],
  );
  const draft = useAssistantDraft(settings.assistantSettings, onAssistantChange);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{chatMessages.activateTitle}</DialogTitle>
        <DialogDescription>
          Your users chat with an assistant that answers from its own data sources and can run your active
          tools, on your app and on your website.
        </DialogDescription>
      </DialogHeader>

      <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="activate-chat-status">Chat assistant</Label>
          <p className="text-xs text-muted-foreground">
            {active
              ? 'Your users can chat with the assistant.'
              : 'The assistant is off: nobody can chat with it.'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {activate.isPending && <Loader2 className="size-4 animate-spin text-muted-foreground" />}
          <Badge variant={active ? 'success' : 'muted'}>{active ? 'Active' : 'Draft'}</Badge>
          <Switch
            id="activate-chat-status"
            checked={active}
            disabled={activate.isPending}
            onCheckedChange={(on) => activate.mutate(on)}
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs value={tab} onValueChange={setTab} className="min-w-0 gap-4">
          <TabsList className="w-full">
            <TabsTrigger value="setup">Set up</TabsTrigger>
            <TabsTrigger value="behaviour">Behaviour</TabsTrigger>
            <TabsTrigger value="widget">Widget</TabsTrigger>
          </TabsList>
          <TabsContent value="setup" className="grid gap-4">
            <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
              <div className="grid min-w-0 gap-1">
                <p className="text-sm font-medium">Data sources</p>
                <p className="text-xs text-muted-foreground">
                  {chatAppId
                    ? 'The assistant answers from the data sources of its own app.'
                    : 'Activate the assistant to give it data sources of its own.'}
                </p>
              </div>
              {chatAppId ? (
                <Button variant="outline" size="sm" asChild>
                  <Link
                    to={`/build/app/${encodeURIComponent(chatAppId)}`}
                    onClick={() => onOpenChange(false)}
                  >
                    <Database />
                    Data sources
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  <Database />
                  Data sources
                </Button>
              )}
            </div>

            <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
              <div className="grid min-w-0 gap-1">
                <p className="text-sm font-medium">Evaluations</p>
                <p className="text-xs text-muted-foreground">
                  Test the assistant's answers against cases, or compare models.
                </p>
              </div>
              <Button variant="outline" size="sm" asChild>
                <Link
                  to={`/evaluations/app/${encodeURIComponent(app.appId)}/assistant`}
                  onClick={() => onOpenChange(false)}
                >
                  <FlaskConical />
                  Evaluate
                </Link>
              </Button>
            </div>

            {active && (
              <>
                <div className="grid gap-2">
                  <Label htmlFor="activate-chat-link">Chat page</Label>
                  <div className="flex items-center gap-1.5">
                    <div className="min-w-0 flex-1">
                      <CopyField
                        id="activate-chat-link"
                        value={chatPageLink(app.appId)}
                        label="chat page link"
                      />
                    </div>
                    <Button variant="outline" size="sm" asChild>
                      <a
                        href={`/app/${encodeURIComponent(app.appId)}/chat`}
                        target="_blank"
                        rel="noreferrer"
                        aria-label="Open the chat page"
                      >
                        Open
                        <ExternalLink className="size-3" />
                      </a>
                    </Button>
                  </div>
                </div>

                <div className="grid gap-2">
                  <p className="text-sm font-medium">Website widget</p>
                  <p className="text-xs text-muted-foreground">
                    Paste this before <code className="font-mono">&lt;/body&gt;</code> on your site: a chat
                    bubble in your app’s colours opens the assistant.
                  </p>
                  <CopyBlock value={snippet} label="widget snippet" testId="chat-widget-snippet" />
                </div>

                <EmbedOriginsEditor
                  origins={settings.chatEmbedOrigins}
                  onChange={(chatEmbedOrigins) => onSettingsChange({ chatEmbedOrigins })}
                />
              </>
            )}

            {active && !app.isPublished && (
              <p className="flex items-start gap-2 rounded-lg bg-muted px-3 py-2.5 text-xs text-muted-foreground">
                <Info className="mt-px size-3.5 shrink-0" />
                Your app is not published yet: only you and your collaborators can try the assistant. Publish
                it so your users can chat.
              </p>
            )}
          </TabsContent>
          <TabsContent value="behaviour" className="mt-2">
            <BehaviourFields state={draft} appSettings={settings} tools={app.tools} isAdmin={isAdmin} />
          </TabsContent>
          <TabsContent value="widget" className="mt-2">
            <WidgetFields state={draft} />
          </TabsContent>
        </Tabs>
        <aside className={cn('lg:sticky lg:top-0 lg:self-start', tab === 'setup' && 'max-lg:hidden')}>
          <WidgetPreview name={app.header} primaryColor={primaryOf(app)} settings={draft.shown} />
        </aside>
      </div>
    </>
  );
}
