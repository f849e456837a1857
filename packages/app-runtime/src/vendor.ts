import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { createLucideIcon, Icon, LucideProvider, useLucideContext } from 'lucide-react';
import * as sdk from './sdk';
import * as ui from './ui';
import { showBuildErrors, start } from './start';

/**
 * The modules every app shares, built once per server and loaded before the app's own bundle: the app bundle reads
 * each allowed import from `__buildaiModules` (its esbuild build maps them there), so an app's build bundles only
 * its own files.
 */
const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  // lucide's API without the icons: an app's bundle holds the icons it names (decision 0007, "Icons")
  'lucide-react': { createLucideIcon, Icon, LucideProvider, useLucideContext },
  'lucide-react/createLucideIcon': createLucideIcon,
  '@buildai/app-sdk': sdk,
  '@buildai/app-ui': ui,
};

Object.assign(globalThis, { __buildaiModules: shared, __buildaiRuntime: { start, showBuildErrors } });
