import * as React from 'react';
import { cn } from '@/lib/utils';

// The Markdown renderer is about 40 KB compressed: it loads with the first answer, not with the page
// (docs/decisions/0005 "Page weight").
const MarkdownView = React.lazy(() => import('./markdown-view').then((m) => ({ default: m.MarkdownView })));

/** Renders text written in Markdown (answers, call-to-action messages); shows it plain until the renderer loads. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('markdown', className)} data-testid="markdown">
      <React.Suspense fallback={<div className="whitespace-pre-wrap">{text}</div>}>
        <MarkdownView text={text} />
      </React.Suspense>
    </div>
  );
}
