import type { AppFile } from '@buildai/domain';

/**
 * The files a new space app starts with, so its preview is never blank: one page that only needs React (the UI kit
 * and the SDK are there for the chat's later pages).
 */
export const SPACE_STARTER_FILES: readonly AppFile[] = [
  {
    path: 'pages/Home.tsx',
    content: `export default function Home() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <div style={{ textAlign: 'center', maxWidth: 480, padding: 24 }}>
        <h1 style={{ fontSize: 28, margin: '0 0 8px' }}>Your new app</h1>
        <p style={{ color: '#555', margin: 0 }}>Describe what it should do in the chat, and it will be built here.</p>
      </div>
    </main>
  );
}
`,
  },
];
