import * as React from 'react';
import { Bot, CircleHelp, MessageSquare, Sparkles, X, type LucideIcon } from 'lucide-react';
import type { AssistantSettings, WidgetIcon } from '@buildai/domain';
import { cn } from '@/lib/utils';

/** The bubble's icons, as the widget's script draws them (the same shapes). */
export const WIDGET_ICONS: Record<WidgetIcon, LucideIcon> = {
  chat: MessageSquare,
  sparkles: Sparkles,
  help: CircleHelp,
  bot: Bot,
};

/** Dark text on a light colour, white on a dark one (as the widget's script decides). */
export function textOn(hex: string): string {
  const h = hex.replace('#', '');
  if (!/^[0-9a-f]{6}$/i.test(h)) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000 > 160 ? '#111827' : '#ffffff';
}

export interface WidgetPreviewProps {
  name: string;
  /** the app's primary colour: the chat's header */
  primaryColor: string;
  settings: AssistantSettings;
  className?: string;
}

/**
 * A live picture of the widget on a site, drawn from the settings being edited (not saved ones): the corner, the
 * bubble's colour and icon, the greeting beside the closed bubble, and the open chat with its welcome and starter
 * questions. "Open" and "Closed" switch between the two states a visitor sees.
 */
export function WidgetPreview({ name, primaryColor, settings, className }: WidgetPreviewProps) {
  const { widget } = settings;
  const [open, setOpen] = React.useState(true);
  const bubble = widget.color || primaryColor;
  const left = widget.position === 'bottom-left';
  const Icon = WIDGET_ICONS[widget.icon];
  const title = name.trim() || 'Assistant';
  const welcome = settings.welcomeMessage || `Hi! I'm ${title}. Ask me anything.`;
  return (
    <div className={cn('grid gap-2', className)} data-testid="widget-preview">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">Preview</p>
        <div
          role="group"
          aria-label="Preview state"
          className="inline-flex rounded-md bg-muted p-0.5 text-xs"
        >
          {[
            { label: 'Open', value: true },
            { label: 'Closed', value: false },
          ].map((o) => (
            <button
              key={o.label}
              type="button"
              aria-pressed={open === o.value}
              onClick={() => setOpen(o.value)}
              className={cn(
                'rounded px-2.5 py-1 font-medium text-muted-foreground transition-colors',
                open === o.value && 'bg-background text-foreground shadow-sm',
              )}
            >
              {o.label}
            </button>
          ))}
        </div>
      </div>
      <div
        className="relative h-[26rem] overflow-hidden rounded-xl border bg-[linear-gradient(180deg,#f8fafc,#eef2f7)]"
        aria-label="The widget on a site"
        role="img"
      >
        {/* the site around the widget */}
        <div className="grid gap-2 p-4 opacity-70" aria-hidden>
          <div className="h-3 w-24 rounded bg-slate-300" />
          <div className="mt-2 h-2 w-3/4 rounded bg-slate-200" />
          <div className="h-2 w-2/3 rounded bg-slate-200" />
          <div className="h-2 w-1/2 rounded bg-slate-200" />
        </div>

        {open ? (
          <div
            className={cn(
              'absolute bottom-[4.25rem] flex h-[19.5rem] w-[15.5rem] max-w-[calc(100%-1.5rem)] flex-col overflow-hidden rounded-xl bg-white shadow-[0_16px_48px_rgba(15,23,42,.28)]',
              left ? 'left-3' : 'right-3',
            )}
            data-testid="widget-preview-panel"
          >
            <div
              className="flex h-10 shrink-0 items-center gap-2 px-3 text-xs font-semibold"
              style={{ backgroundColor: primaryColor, color: textOn(primaryColor) }}
            >
              <span className="size-5 rounded-full bg-white/20" aria-hidden />
              <span className="truncate">{title}</span>
            </div>
            <div className="flex min-h-0 flex-1 flex-col items-center overflow-hidden px-3 pt-4 text-center">
              <p className="text-[13px] font-semibold text-slate-900">{title}</p>
              <p className="mt-1 line-clamp-3 text-[11px] leading-snug whitespace-pre-line text-slate-500">
                {welcome}
              </p>
              {settings.starters.length > 0 && (
                <ul className="mt-3 grid w-full gap-1.5">
                  {settings.starters.map((s) => (
                    <li
                      key={s}
                      className="truncate rounded-lg border border-slate-200 px-2 py-1.5 text-left text-[11px] text-slate-700"
                    >
                      {s}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="m-2 h-8 shrink-0 rounded-lg border border-slate-200 px-2 text-left text-[11px] leading-8 text-slate-400">
              Message {title}…
            </div>
          </div>
        ) : (
          widget.greeting && (
            <div
              className={cn(
                'absolute bottom-[4.25rem] max-w-[13rem] rounded-xl border border-slate-200 bg-white px-3 py-2 pr-6 text-left text-xs leading-snug text-slate-900 shadow-md',
                left ? 'left-3' : 'right-3',
              )}
              data-testid="widget-preview-greeting"
            >
              {widget.greeting}
              <X className="absolute top-1.5 right-1.5 size-3 text-slate-400" aria-hidden />
            </div>
          )
        )}

        <div
          className={cn(
            'absolute bottom-3 flex size-12 items-center justify-center rounded-full shadow-[0_8px_24px_rgba(15,23,42,.25)]',
            left ? 'left-3' : 'right-3',
          )}
          style={{ backgroundColor: bubble, color: textOn(bubble) }}
          data-testid="widget-preview-bubble"
          data-position={widget.position}
        >
          {open ? <X className="size-5" aria-hidden /> : <Icon className="size-5" aria-hidden />}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {widget.openOnLoad
          ? 'Opens by itself when the page loads (not on phones, where it would cover the page).'
          : 'Opens when a visitor clicks the bubble.'}
      </p>
    </div>
  );
}
