import type * as React from 'react';
import { AlertCircle, CheckCircle2, Clock, Loader2, Ban } from 'lucide-react';
import { contextStatusLabel, type ContextItemStatus } from '@buildai/domain';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const LOOK: Record<ContextItemStatus, { variant: BadgeProps['variant']; icon: React.ReactNode }> = {
  unsynced: { variant: 'muted', icon: <Clock aria-hidden /> },
  pending: { variant: 'muted', icon: <Clock aria-hidden /> },
  running: { variant: 'secondary', icon: <Loader2 aria-hidden className="animate-spin" /> },
  synced: { variant: 'success', icon: <CheckCircle2 aria-hidden /> },
  error: { variant: 'destructive', icon: <AlertCircle aria-hidden /> },
  usage_limit_reached: { variant: 'warning', icon: <Ban aria-hidden /> },
};

/** The sync status of a data item with the labels of spec 000 §4. */
export function StatusBadge({ status, className }: { status: ContextItemStatus; className?: string }) {
  const { variant, icon } = LOOK[status];
  return (
    <Badge variant={variant} className={className} data-status={status}>
      {icon}
      {contextStatusLabel(status)}
    </Badge>
  );
}
