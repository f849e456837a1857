/**
 * The packages a space app may import, in groups the app origin serves as one cached script each (decision 0012,
 * "Shared modules"). A group is built once per server from this package's own pinned dependencies; an app's bundle
 * holds only its own files and reads each package from `__buildaiModules`, so a frame downloads the groups its app
 * imports and nothing else. `core` is loaded by every app.
 *
 * `modules` maps each import path an app may write to what is bundled for it: a package import path, or `./…`, a
 * file of this package (our own wrappers: the router that keeps the frame inside `/app/{appId}`, the Next.js names).
 */
export interface ModuleGroup {
  id: string;
  modules: Record<string, string>;
  /**
   * Functions only, no state of their own: another group that imports it bundles the parts it uses instead of
   * loading the whole group (a group with state, a React context or a toast queue, must be one copy).
   */
  pure?: true;
}

/** Every Radix primitive package shadcn/ui components (and cmdk, vaul) import, each by its own name. */
export const RADIX_PACKAGES = [
  'accessible-icon',
  'accordion',
  'alert-dialog',
  'arrow',
  'aspect-ratio',
  'avatar',
  'checkbox',
  'collapsible',
  'collection',
  'compose-refs',
  'context',
  'context-menu',
  'dialog',
  'direction',
  'dismissable-layer',
  'dropdown-menu',
  'focus-guards',
  'focus-scope',
  'form',
  'hover-card',
  'id',
  'label',
  'menu',
  'menubar',
  'navigation-menu',
  'one-time-password-field',
  'password-toggle-field',
  'popover',
  'popper',
  'portal',
  'presence',
  'primitive',
  'progress',
  'radio-group',
  'roving-focus',
  'scroll-area',
  'select',
  'separator',
  'slider',
  'slot',
  'switch',
  'tabs',
  'toast',
  'toggle',
  'toggle-group',
  'toolbar',
  'tooltip',
  'use-callback-ref',
  'use-controllable-state',
  'use-effect-event',
  'use-escape-keydown',
  'use-is-hydrated',
  'use-layout-effect',
  'use-previous',
  'use-rect',
  'use-size',
  'visually-hidden',
] as const;

/**
 * One group a Radix package: a frame loads the primitives its app uses, and the parts they share (the layers that
 * know which popover sits in which dialog) are one copy, as each package reads the others from the registry.
 */
const radixGroups: ModuleGroup[] = [
  ...RADIX_PACKAGES.map((name) => ({
    id: `radix-${name}`,
    modules: { [`@radix-ui/react-${name}`]: `@radix-ui/react-${name}` },
  })),
  {
    id: 'radix-helpers',
    modules: { '@radix-ui/primitive': '@radix-ui/primitive', '@radix-ui/number': '@radix-ui/number' },
  },

  { id: 'radix-ui', modules: { 'radix-ui': 'radix-ui' } },
];

const same = (...paths: string[]) => Object.fromEntries(paths.map((p) => [p, p]));

export const MODULE_GROUPS: ModuleGroup[] = [
  {
    // built from ./vendor.ts: React, the SDK and kit, the router, lucide's API and the class helpers
    id: 'core',
    modules: {
      ...same(
        'react',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
        'react-dom',
        'clsx',
        'tailwind-merge',
        'class-variance-authority',
      ),
      'react-dom/client': './src/react-dom-client.ts',
      'react-router': './src/router.tsx',
      'react-router-dom': './src/router.tsx',
      'next/link': './src/next-link.tsx',
      'next/navigation': './src/next-navigation.ts',
      'next/image': './src/next-image.tsx',
      'lucide-react': './src/lucide-api.ts',
      'lucide-react/createLucideIcon': './src/lucide-api.ts',
      '@buildai/app-sdk': './src/sdk.tsx',
      '@buildai/app-ui': './src/ui.tsx',
    },
  },
  ...radixGroups,
  { id: 'sonner', modules: same('sonner', 'next-themes') },
  { id: 'motion', modules: same('framer-motion', 'motion', 'motion/react') },
  { id: 'recharts', modules: same('recharts') },
  { id: 'date-fns', modules: same('date-fns'), pure: true },
  { id: 'date-fns-locale', modules: same('date-fns/locale'), pure: true },
  { id: 'zod', modules: same('zod'), pure: true },
  { id: 'forms', modules: same('react-hook-form') },
  { id: 'zod-resolver', modules: same('@hookform/resolvers/zod', '@hookform/resolvers') },
  { id: 'react-query', modules: same('@tanstack/react-query') },
  { id: 'embla', modules: same('embla-carousel-react') },
  { id: 'day-picker', modules: same('react-day-picker') },
  { id: 'input-otp', modules: same('input-otp') },
  { id: 'cmdk', modules: same('cmdk') },
  { id: 'vaul', modules: same('vaul') },
  { id: 'uuid', modules: same('uuid') },
  { id: 'resizable', modules: same('react-resizable-panels') },
];

/** Which group provides an import path. */
export const MODULE_GROUP_OF: ReadonlyMap<string, string> = new Map(
  MODULE_GROUPS.flatMap((group) => Object.keys(group.modules).map((path) => [path, group.id] as const)),
);
