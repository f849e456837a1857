import * as React from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';

interface Props {
  path: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, SFMono-Regular, Menlo, monospace)' },
  '.cm-gutters': { backgroundColor: 'transparent', borderRight: '1px solid var(--border)' },
  '&.cm-focused': { outline: 'none' },
});

/**
 * The admin's code editor (CodeMirror 6). Loaded on demand by the code tab, so the builder's first load does not
 * carry it. Controlled: a new `value` from outside (the chat's change taken, another file) replaces the text.
 */
export default function CodeEditor({ path, value, onChange, className }: Props) {
  const host = React.useRef<HTMLDivElement>(null);
  const view = React.useRef<EditorView | null>(null);
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;

  React.useEffect(() => {
    const typescript = /\.tsx?$/.test(path);
    const created = new EditorView({
      doc: value,
      parent: host.current!,
      extensions: [
        basicSetup,
        javascript({ jsx: true, typescript }),
        theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': `Code of ${path}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // one editor per file; later values are synced by the effect below
  }, [path]);

  React.useEffect(() => {
    const current = view.current;
    if (!current) return;
    const text = current.state.doc.toString();
    if (text !== value) current.dispatch({ changes: { from: 0, to: text.length, insert: value } });
  }, [value]);

  return <div ref={host} className={className} data-testid="code-editor" />;
}
