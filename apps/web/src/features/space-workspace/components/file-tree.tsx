import * as React from 'react';
import { ChevronDown, ChevronRight, FileCode2, FileText, Folder } from 'lucide-react';
import { cn } from '@/lib/utils';

interface TreeNode {
  name: string;
  /** full path for a file, folder path for a folder */
  path: string;
  children?: TreeNode[];
}

/** Paths → a tree: folders first, then files, each by name. */
export function buildTree(paths: readonly string[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', children: [] };
  for (const path of paths) {
    const parts = path.split('/');
    let node = root;
    parts.forEach((part, i) => {
      const isFile = i === parts.length - 1;
      const here = parts.slice(0, i + 1).join('/');
      let child = node.children!.find((c) => c.name === part && Boolean(c.children) !== isFile);
      if (!child) {
        child = isFile ? { name: part, path: here } : { name: part, path: here, children: [] };
        node.children!.push(child);
      }
      node = child;
    });
  }
  const sort = (nodes: TreeNode[]): TreeNode[] =>
    nodes
      .sort((a, b) =>
        Boolean(a.children) === Boolean(b.children) ? a.name.localeCompare(b.name) : a.children ? -1 : 1,
      )
      .map((n) => (n.children ? { ...n, children: sort(n.children) } : n));
  return sort(root.children!);
}

interface Props {
  paths: readonly string[];
  selected: string | null;
  onSelect: (path: string) => void;
  /** files with an unsaved edit */
  isDirty?: (path: string) => boolean;
}

/** The app's files as a tree of folders (all open at first) and files. */
export function FileTree({ paths, selected, onSelect, isDirty }: Props) {
  const tree = React.useMemo(() => buildTree(paths), [paths]);
  const [closed, setClosed] = React.useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const render = (nodes: TreeNode[], depth: number): React.ReactNode =>
    nodes.map((node) => {
      const pad = { paddingLeft: `${0.5 + depth * 0.875}rem` };
      if (node.children) {
        const open = !closed.has(node.path);
        return (
          <li key={`d:${node.path}`} role="treeitem" aria-expanded={open} aria-selected={false}>
            <button
              type="button"
              onClick={() => toggle(node.path)}
              style={pad}
              className="flex h-7 w-full items-center gap-1.5 rounded-md pr-2 text-left text-[13px] text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              {open ? <ChevronDown className="size-3.5" /> : <ChevronRight className="size-3.5" />}
              <Folder className="size-3.5" />
              <span className="truncate">{node.name}</span>
            </button>
            {open && <ul role="group">{render(node.children, depth + 1)}</ul>}
          </li>
        );
      }
      const Icon = /\.(tsx?|jsx?)$/.test(node.name) ? FileCode2 : FileText;
      const active = node.path === selected;
      return (
        <li key={`f:${node.path}`} role="treeitem" aria-selected={active}>
          <button
            type="button"
            onClick={() => onSelect(node.path)}
            style={pad}
            title={node.path}
            className={cn(
              'flex h-7 w-full items-center gap-1.5 rounded-md pr-2 text-left text-[13px] hover:bg-accent',
              active && 'bg-accent font-medium text-foreground',
            )}
          >
            <span className="w-3.5" />
            <Icon className="size-3.5 shrink-0 text-muted-foreground" />
            <span className="truncate">{node.name}</span>
            {isDirty?.(node.path) && (
              <span aria-label="unsaved" className="ml-auto size-1.5 shrink-0 rounded-full bg-amber-500" />
            )}
          </button>
        </li>
      );
    });

  return (
    <ul role="tree" aria-label="App files" className="grid gap-px p-2">
      {render(tree, 0)}
    </ul>
  );
}
