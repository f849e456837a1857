import type * as React from 'react';
import { Hourglass } from 'lucide-react';
import { StatusPage } from './status-page';

export interface ComingSoonProps {
  title: string;
  /** what the page will do, in a sentence or two */
  children: React.ReactNode;
  icon?: React.ReactNode;
  backTo?: string;
  backLabel?: string;
  standalone?: boolean;
}

/** An honest placeholder for a screen that a later release completes. */
export function ComingSoonPage({ title, children, icon = <Hourglass />, ...rest }: ComingSoonProps) {
  return (
    <StatusPage icon={icon} eyebrow="Coming soon" title={title} {...rest}>
      {children}
    </StatusPage>
  );
}
