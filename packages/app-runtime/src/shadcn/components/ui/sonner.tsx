import * as React from 'react';
import { Toaster as Sonner, toast, type ToasterProps } from 'sonner';

// The app's theme is the `dark` class on <html> (no next-themes in a space app); follow it as it changes.
function useDocumentTheme(): 'light' | 'dark' {
  const read = (): 'light' | 'dark' =>
    typeof document !== 'undefined' && document.documentElement.classList.contains('dark') ? 'dark' : 'light';
  const [theme, setTheme] = React.useState(read);
  React.useEffect(() => {
    const observer = new MutationObserver(() => setTheme(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

function Toaster({ theme, style, ...props }: ToasterProps) {
  const documentTheme = useDocumentTheme();
  return (
    <Sonner
      theme={theme ?? documentTheme}
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--color-popover)',
          '--normal-text': 'var(--color-popover-foreground)',
          '--normal-border': 'var(--color-border)',
          '--border-radius': 'var(--radius)',
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster, toast, type ToasterProps };
