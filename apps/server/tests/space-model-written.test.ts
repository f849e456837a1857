import { describe, expect, it } from 'vitest';
import { bundleApp } from '../src/features/space-runtime';
import { corpusFiles, corpusManifest } from './model-written-corpus';

// Every page and project of the corpus builds, and its stylesheet has the rules of the classes it writes: the code
// real models write, not a dialect of ours (fixtures/model-written/README.md says where each file comes from).

const { items, leftOut } = corpusManifest();

/** A few classes of a file that Tailwind must have generated (simple ones, whose selector is the class itself). */
function someClasses(content: string): string[] {
  const found = new Set<string>();
  for (const match of content.matchAll(/className="([^"]+)"/g)) {
    for (const name of match[1]!.split(/\s+/)) {
      if (
        /^(flex|grid|hidden|block|inline-flex|relative|absolute|items-center|justify-between|text-center|font-bold|font-semibold|rounded-lg|rounded-full|w-full|mx-auto|p-4|p-6|px-4|py-2|gap-2|gap-4|space-y-4|text-sm|text-lg|text-xl|text-2xl|shadow-sm|border)$/.test(
          name,
        )
      ) {
        found.add(name);
      }
    }
  }
  return [...found].slice(0, 6);
}

describe('the corpus of model-written code', () => {
  it('holds the pages and projects the issue asks for, each with its source recorded', () => {
    const pages = items.filter((i) => i.kind === 'page');
    const projects = items.filter((i) => i.kind === 'project');
    expect(pages.length).toBeGreaterThanOrEqual(30);
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(new Set(items.map((i) => i.generator))).toEqual(
      new Set(['lovable', 'bolt', 'v0', 'dyad', 'base44']),
    );
    for (const item of items) {
      expect(item.repo, item.id).toMatch(/^[^/]+\/[^/]+$/);
      expect(item.commit, item.id).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(leftOut.length).toBeGreaterThan(0);
  });

  it.each(items.map((item) => [item.id, item] as const))(
    'builds %s with its Tailwind classes',
    async (_id, item) => {
      const files = corpusFiles(item);
      const built = await bundleApp(files);
      if (!built.ok) throw new Error(built.errors.map((e) => `${e.file}:${e.line} ${e.message}`).join('\n'));
      expect(built.code).toContain('__buildaiApp');
      // React is the shared one, never bundled into the app
      expect(built.code).not.toContain('react.production');
      const entry = files.find((f) => f.path === item.entry)!;
      for (const name of someClasses(entry.content)) {
        expect(built.css, `${item.id}: .${name}`).toMatch(
          new RegExp(`\\.${name.replace(/[-/]/g, '\\$&')}[\\s{,:>)]`),
        );
      }
    },
  );
});
