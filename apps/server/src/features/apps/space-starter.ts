import type { AppFile } from '@buildai/domain';

/**
 * The file a new space app starts with, so its preview is never blank: a placeholder page, styled as the chat's
 * pages are (Tailwind with the shadcn theme). The chat's first build replaces it with the app's own layout
 * (src/App.tsx and its pages), as its prompt says.
 */
export const SPACE_STARTER_FILES: readonly AppFile[] = [
  {
    path: 'pages/Home.tsx',
    content: `import { Sparkles } from 'lucide-react';

export default function Home() {
  return (
    <main className="grid min-h-screen place-items-center bg-background p-6 text-foreground">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Sparkles className="size-6" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">Your new app</h1>
        <p className="mt-2 text-muted-foreground">Describe what it should do in the chat, and it will be built here.</p>
      </div>
    </main>
  );
}
`,
  },
];
