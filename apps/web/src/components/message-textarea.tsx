import * as React from 'react';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Enter (not Shift+Enter, not while an input method composes) */
  onSubmit: () => void;
  maxLength: number;
  /** the box grows with its text up to this height (px), then scrolls */
  maxHeight: number;
  placeholder: string;
  rows?: number;
  className?: string;
  /** files pasted into the box (a screenshot from the clipboard) */
  onPasteFiles?: (files: File[]) => void;
}

/** A chat's message box: it grows with its text, Enter sends and Shift+Enter breaks the line. */
export function MessageTextarea({
  value,
  onChange,
  onSubmit,
  maxLength,
  maxHeight,
  placeholder,
  rows = 1,
  className,
  onPasteFiles,
}: Props) {
  const ref = React.useRef<HTMLTextAreaElement>(null);
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, maxHeight)}px`;
  }, [value, maxHeight]);
  return (
    <textarea
      ref={ref}
      aria-label="Message"
      rows={rows}
      maxLength={maxLength}
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
      onPaste={(e) => {
        const files = [...e.clipboardData.files];
        if (!onPasteFiles || files.length === 0) return;
        e.preventDefault();
        onPasteFiles(files);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          onSubmit();
        }
      }}
      className={className}
    />
  );
}
