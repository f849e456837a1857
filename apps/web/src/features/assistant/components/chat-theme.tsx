import type * as React from 'react';
import type { AssistantInfo } from '@buildai/domain';
import { appTheme, cssUrl } from '@/lib/app-theme';
import { cn } from '@/lib/utils';

/** The app's colours as the assistant wears them: its primary colour on buttons and bubbles, its background. */
export function ChatTheme({
  appStyle,
  plain,
  className,
  children,
}: {
  appStyle?: AssistantInfo['appStyle'];
  /** the card's own background, without the page's gradient (the widget) */
  plain?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const theme = appTheme(
    appStyle
      ? { buttonBackgroundColor: appStyle.primaryColor, backgroundColor: appStyle.backgroundColor }
      : null,
  );
  return (
    <div
      className={cn(theme.className, 'text-foreground', className)}
      style={{
        ...theme.vars,
        backgroundColor: plain ? 'var(--background)' : 'var(--app-bg)',
        backgroundImage: plain ? 'none' : 'var(--app-bg-image, none)',
      }}
    >
      {children}
    </div>
  );
}

/** The logo's address when it is one the page may show. */
export const logoOf = (appStyle: AssistantInfo['appStyle']) =>
  cssUrl(appStyle.logoUrl) ? appStyle.logoUrl : null;
