import * as React from 'react';
import { ArrowLeft, ArrowRight, Eye, Sparkles, Zap } from 'lucide-react';
import type { AppSettings, AppStyle, AppView } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { RenderPreview } from './app-workspace';

interface Props {
  app: AppView;
  style: AppStyle;
  settings: AppSettings;
  renderPreview: RenderPreview;
}

/**
 * A generated app's home as its end users see it (decision 0015): the app's name and subheader in its branding
 * and a card per tool; a card opens the tool's form. The App Chat's changes show here as they land.
 */
export function GeneratedHomePreview({ app, style, settings, renderPreview }: Props) {
  const [openPath, setOpenPath] = React.useState<string | null>(null);
  const open = openPath ? app.tools.find((t) => t.path === openPath) : undefined;
  const header = app.header.trim() || 'Your app';
  const headerColor = style.headerTextColor || undefined;
  const subColor = style.subheaderTextColor || undefined;
  const buttonStyle = {
    backgroundColor: style.buttonBackgroundColor || undefined,
    color: style.buttonTextColor || undefined,
  };

  return (
    <section aria-label="Live preview" className="min-h-0 bg-muted/40 lg:h-full lg:overflow-y-auto">
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-6 lg:p-8">
        <div className="mb-3 flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <Eye className="size-3.5" />
          Live preview
          <span className="truncate normal-case">· {open ? `/tool/${open.path}` : 'app home'}</span>
        </div>
        {open ? (
          <div className="grid gap-3">
            <Button variant="ghost" size="sm" className="w-fit" onClick={() => setOpenPath(null)}>
              <ArrowLeft />
              Back to the app home
            </Button>
            <div className="overflow-hidden rounded-2xl border bg-card shadow-sm">
              {renderPreview(open.app as Parameters<RenderPreview>[0], style, settings)}
            </div>
          </div>
        ) : (
          <div
            className="overflow-hidden rounded-2xl border bg-card shadow-sm"
            style={{ backgroundColor: style.backgroundColor || undefined }}
          >
            <div className="px-6 pt-10 pb-6 text-center sm:px-10">
              {style.logoUrl && <img src={style.logoUrl} alt="" className="mx-auto mb-4 h-12 w-auto" />}
              <h2
                className="text-2xl font-semibold tracking-tight sm:text-3xl"
                style={{ color: headerColor }}
              >
                {header}
              </h2>
              {app.description.trim() && (
                <p
                  className="mx-auto mt-2 max-w-xl text-sm text-muted-foreground"
                  style={{ color: subColor }}
                >
                  {app.description}
                </p>
              )}
            </div>
            {app.tools.length === 0 ? (
              <div className="mx-6 mb-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center sm:mx-10">
                <Sparkles className="size-6 text-primary" />
                <p className="mt-3 text-sm font-medium">No tools yet</p>
                <p className="mt-1 max-w-sm text-xs text-muted-foreground">
                  Describe your app in the App Chat, or add a tool in App tools: each tool shows here as your
                  users will see it.
                </p>
              </div>
            ) : (
              <ul aria-label="Tools" className="grid gap-3 px-6 pb-8 sm:grid-cols-2 sm:px-10">
                {app.tools.map((tool) => (
                  <li key={tool.toolId}>
                    <button
                      type="button"
                      onClick={() => setOpenPath(tool.path)}
                      className="group flex h-full w-full flex-col rounded-xl border bg-background p-4 text-left shadow-xs transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <span className="flex items-start justify-between gap-2">
                        <span className="font-medium">{tool.app.header.trim() || tool.title}</span>
                        {tool.status === 'active' ? (
                          <Badge variant="success">
                            <Zap />
                            Active
                          </Badge>
                        ) : (
                          <Badge variant="muted">Draft</Badge>
                        )}
                      </span>
                      {tool.app.description.trim() && (
                        <span className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                          {tool.app.description}
                        </span>
                      )}
                      <span
                        className="mt-4 inline-flex w-fit items-center gap-1 rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-primary-foreground"
                        style={buttonStyle}
                      >
                        Open
                        <ArrowRight className="size-3" />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
