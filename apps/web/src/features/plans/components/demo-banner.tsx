import { Eye } from 'lucide-react';
import { moneyMessages } from '@buildai/domain';
import { cn } from '@/lib/utils';

/** 'Demo view: …' (spec 000 §2): a builder is looking at what their users will see, nothing is bought from here. */
export function DemoBanner({ className }: { className?: string }) {
  return (
    <div
      role="note"
      className={cn('flex items-center gap-2 border-amber-200 bg-amber-50 text-sm text-amber-900', className)}
    >
      <Eye className="size-4 shrink-0" aria-hidden />
      <span>{moneyMessages.demoView}</span>
    </div>
  );
}
