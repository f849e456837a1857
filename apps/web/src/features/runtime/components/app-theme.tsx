import type * as React from 'react';
import type { AppStyle } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { appTheme, cssUrl } from '../lib/app-theme';

type Props = React.ComponentProps<'div'> & { appStyle?: Partial<AppStyle> | null };

/** A surface in the app's branding: its theme variables, background colour or image, and text colour. */
export function AppThemeScope({ appStyle, className, style, children, ...rest }: Props) {
  const theme = appTheme(appStyle);
  return (
    <div
      data-app-style={theme.styleName}
      className={cn(theme.className, 'bg-cover bg-center bg-no-repeat text-foreground', className)}
      style={{
        ...theme.vars,
        backgroundColor: 'var(--app-bg)',
        backgroundImage: 'var(--app-bg-image, none)',
        ...style,
      }}
      {...rest}
    >
      {children}
    </div>
  );
}

/** The app's logo, when it has one. */
export function AppLogo({
  appStyle,
  name,
  className,
}: {
  appStyle?: Partial<AppStyle> | null;
  name: string;
  className?: string;
}) {
  if (!cssUrl(appStyle?.logoUrl)) return null;
  return (
    <img
      src={appStyle!.logoUrl}
      alt={name ? `${name} logo` : 'Logo'}
      className={cn('h-9 w-auto max-w-40 object-contain sm:h-10', className)}
    />
  );
}

/** The header and subheader of a tool or app, in the branding's header colours. */
export function BrandedHeading({
  header,
  description,
  placeholder = 'Untitled tool',
  className,
}: {
  header: string;
  description?: string;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <h1 className="text-2xl font-semibold tracking-tight text-balance text-[color:var(--app-header-color,var(--foreground))] sm:text-3xl">
        {header.trim() || <span className="opacity-60">{placeholder}</span>}
      </h1>
      {description?.trim() && (
        <p className="leading-relaxed whitespace-pre-line text-[color:var(--app-subheader-color,var(--muted-foreground))]">
          {description}
        </p>
      )}
    </div>
  );
}
