import { useId } from 'react';
import { cn } from '@/lib/utils';

/** The BuildAI mark: a spark on an indigo-violet tile. */
export function BrandMark({ className }: { className?: string }) {
  // unique per instance: a gradient inside a hidden <svg> cannot paint another one that shares its id
  const gradient = `buildai-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path d="M16 6.5l2.2 5.6 5.8 1.9-5.8 1.9L16 21.5l-2.2-5.6L8 14l5.8-1.9z" fill="#fff" />
      <circle cx="22.5" cy="22.5" r="2.3" fill="#fff" opacity=".85" />
    </svg>
  );
}

export function BrandLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <BrandMark className={markClassName} />
      <span>BuildAI</span>
    </span>
  );
}
