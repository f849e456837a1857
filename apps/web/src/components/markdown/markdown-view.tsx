import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];

// Links leave the app in a new tab, without handing it our window (answers are written by a model).
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/**
 * GFM Markdown (tables, lists, task lists, strikethrough, autolinks). Raw HTML in the text is dropped, and
 * react-markdown's URL check refuses `javascript:` and other unsafe links. Loaded on demand by `Markdown`.
 */
export function MarkdownView({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={plugins} components={components} skipHtml>
      {text}
    </ReactMarkdown>
  );
}
