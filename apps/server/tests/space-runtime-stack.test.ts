import { describe, expect, it } from 'vitest';
import { appPackages } from '@buildai/domain';
import { bundleApp } from '../src/features/space-runtime';

// The stack an app may use (decision 0012): how an app starts, the built-in shadcn/ui files and an app's own, the
// CSS and its errors, brand icons, and what is refused.

const app = (files: Record<string, string>) =>
  bundleApp(Object.entries(files).map(([path, content]) => ({ path, content })));

describe('how an app starts', () => {
  it("runs an app's own main.tsx, with the CSS it imports compiled by Tailwind", async () => {
    const built = await app({
      'src/main.tsx': `import { createRoot } from 'react-dom/client';\nimport App from './App';\nimport './index.css';\ncreateRoot(document.getElementById('root')!).render(<App />);\n`,
      'src/App.tsx': `export default function App() { return <h1 className="text-3xl font-bold text-brand">Hi</h1>; }\n`,
      'src/index.css': `@import "tailwindcss";\n@theme { --color-brand: #ff0066; }\n.note { color: red; }\n`,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.code).toContain(`mode: "main"`);
    expect(built.css).toMatch(/\.text-3xl\s*\{/);
    expect(built.css).toMatch(/\.text-brand\s*\{[^}]*var\(--color-brand\)/);
    expect(built.css).toContain('--color-brand: #ff0066');
    expect(built.css).toContain('.note');
    // the app's @import "tailwindcss" is the one the theme brings: its preflight once
    expect(built.css.match(/tailwindcss v4/g)?.length).toBe(1);
  });

  it('renders App.tsx as the root, with src/index.css, and reads the v3 tailwind.config for its theme', async () => {
    const built = await app({
      'src/App.tsx': `import { Button } from "@/components/ui/button";\nexport default function App() { return <div className="font-display bg-sunset"><Button variant="outline">Go</Button></div>; }\n`,
      'src/index.css': `@tailwind base;\n@tailwind components;\n@tailwind utilities;\n@layer base { :root { --background: 0 0% 100%; --primary: 262 83% 58%; } }\n`,
      'tailwind.config.ts': `import type { Config } from "tailwindcss";\nimport animate from "tailwindcss-animate";\nexport default {\n  darkMode: ["class"],\n  content: ["./src/**/*.{ts,tsx}"],\n  theme: { extend: { colors: { sunset: "#ff7a00" }, fontFamily: { display: ["Playfair Display", "serif"] } } },\n  plugins: [animate],\n} satisfies Config;\n`,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.code).toContain(`mode: "app"`);
    expect(built.css).toMatch(/\.font-display\s*\{[^}]*Playfair Display/);
    expect(built.css).toMatch(/\.bg-sunset\s*\{/);
    // the built-in button, themed by the app's HSL channels
    expect(built.css).toMatch(/\.bg-background\s*\{/);
    expect(built.css).toContain('--primary: 262 83% 58%');
    expect(built.css).toContain('hsl(var(--primary))');
    expect(built.groups).toContain('radix-slot');
  });

  it('routes a Next.js-style app/…/page.tsx by its folders', async () => {
    const built = await app({
      'app/page.tsx': `import Link from "next/link";\nexport default function Page() { return <Link href="/blog/42">Post</Link>; }\n`,
      'app/blog/[id]/page.tsx': `"use client";\nimport { useParams } from "next/navigation";\nexport default function Post() { const { id } = useParams(); return <p>{id}</p>; }\n`,
      'app/(marketing)/about/page.tsx': `export default function About() { return <p>About</p>; }\n`,
      'app/globals.css': `.x { color: blue; }\n`,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.code).toContain('mode: "next"');
    expect(built.code).toContain('path: "/blog/:id"');
    expect(built.code).toContain('path: "/about"');
    expect(built.css).toContain('.x');
  });
});

describe('shadcn/ui, icons and packages', () => {
  it("uses an app's own component at a built-in path, and the built-in ones otherwise", async () => {
    const built = await app({
      'pages/Home.tsx': `import { Button } from "@/components/ui/button";\nimport { Card } from "@/components/ui/card";\nexport default () => <Card><Button>Mine</Button></Card>;\n`,
      'components/ui/button.tsx': `export function Button(p: { children: string }) { return <button className="own-button">{p.children}</button>; }\n`,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.code).toContain('own-button');
    expect(built.code).toContain('data-slot');
    expect(built.code).not.toContain('buttonVariants');
  });

  it('gives brand icons lucide dropped an icon, and names the packages an app may use', async () => {
    const icons = await app({
      'pages/Home.tsx': `import { Github, LinkedinIcon, Twitter } from "lucide-react";\nexport default () => <p><Github /><LinkedinIcon /><Twitter /></p>;\n`,
    });
    expect(icons.ok).toBe(true);
    const refused = await app({
      'pages/Home.tsx': `import { createClient } from "@supabase/supabase-js";\nexport default () => <p>{String(createClient)}</p>;\n`,
    });
    expect(refused).toMatchObject({
      ok: false,
      errors: [
        {
          file: 'pages/Home.tsx',
          line: 1,
          importPath: '@supabase/supabase-js',
          message: `"@supabase/supabase-js" cannot be imported: an app may import its own files and these packages: ${appPackages.join(', ')}`,
        },
      ],
    });
  });

  it('loads the module groups an app imports, and the pure ones inside those that use them', async () => {
    const built = await app({
      'App.tsx': `import { motion } from "framer-motion";\nimport { format } from "date-fns";\nimport { z } from "zod";\nimport { useForm } from "react-hook-form";\nimport { zodResolver } from "@hookform/resolvers/zod";\nimport { toast } from "sonner";\nimport { v4 } from "uuid";\nexport default function App() { const f = useForm({ resolver: zodResolver(z.object({ a: z.string() })) }); return <motion.div onClick={() => toast(v4())}>{format(new Date(0), "yyyy")}{String(f)}</motion.div>; }\n`,
    });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.groups).toEqual([
      'core',
      'date-fns',
      'forms',
      'motion',
      'sonner',
      'uuid',
      'zod',
      'zod-resolver',
    ]);
  });
});

describe('CSS errors', () => {
  it('is a build error with the file and line of the CSS', async () => {
    const built = await app({
      'App.tsx': `import "./index.css";\nexport default () => <p className="card">x</p>;\n`,
      'index.css': `.card {\n  color: red;\n}\n.other {\n  @apply no-such-utility;\n}\n`,
    });
    expect(built).toEqual({
      ok: false,
      errors: [
        {
          file: 'index.css',
          line: 5,
          column: 10,
          message: 'CSS: Cannot apply unknown utility class `no-such-utility`',
        },
      ],
    });
  });

  it('refuses a stylesheet or a plugin the runtime does not have', async () => {
    const built = await app({
      'App.tsx': `import "./index.css";\nexport default () => <p>x</p>;\n`,
      'index.css': `@plugin "@tailwindcss/line-clamp";\n`,
    });
    expect(built).toMatchObject({
      ok: false,
      errors: [
        { file: 'index.css', message: expect.stringContaining('is not available: only tailwindcss-animate') },
      ],
    });
  });
});
