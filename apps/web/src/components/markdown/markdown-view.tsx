import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];

// Links leave the app in a new tab, without handing it our window (answers are written by a model). Images are
// shown as links: an image the browser loads by itself would send whatever a model was led to put in its address
// (the user's inputs, their remembered values) to any site, without a click.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: ({ src, alt }) =>
    typeof src === 'string' && src !== '' ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </a>
    ) : null,
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
