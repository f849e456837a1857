import { Link } from '@/lib/page-location';
import { BrandMark } from '@/components/brand-logo';
import { cn } from '@/lib/utils';

/** The 'Made with BuildAI' watermark; apps hide it with `appStyle.hideBuildAI`. */
export function MadeWithFooter({ className }: { className?: string }) {
  return (
    <footer className={cn('flex justify-center py-8', className)}>
      <Link
        to="/"
        className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-xs text-muted-foreground shadow-xs transition-colors hover:text-foreground"
      >
        <BrandMark className="size-4" />
        Made with <span className="font-semibold text-foreground">BuildAI</span>
      </Link>
    </footer>
  );
}
