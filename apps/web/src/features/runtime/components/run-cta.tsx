import { ArrowUpRight } from 'lucide-react';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import type { ToolDefinition } from '../lib/form-steps';

/** A link the builder chose, made safe: http(s), mailto or a path on this site; a bare domain gets https. */
export function safeCtaHref(link: string): string | null {
  const value = link.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:)/i.test(value) || (value.startsWith('/') && !value.startsWith('//')))
    return value;
  if (/^[a-z]+:/i.test(value)) return null;
  return `https://${value}`;
}

/** The call to action shown after a result (spec 001 §2): a message and a button to the builder's link. */
export function RunCta({ app }: { app: Pick<ToolDefinition, 'ctaMessage' | 'ctaButton' | 'ctaLink'> }) {
  const href = safeCtaHref(app.ctaLink);
  const button = app.ctaButton.trim() && href ? app.ctaButton.trim() : '';
  const message = app.ctaMessage.trim();
  if (!message && !button) return null;
  const external = href !== null && /^https?:\/\//i.test(href);
  return (
    <aside
      aria-label="Call to action"
      className="flex flex-col gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      {message && <Markdown text={message} className="leading-relaxed" />}
      {button && (
        <Button asChild size="lg" className="shrink-0 self-start sm:self-auto">
          <a href={href!} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {button}
            {external && <ArrowUpRight />}
          </a>
        </Button>
      )}
    </aside>
  );
}
