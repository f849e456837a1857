import type { AppView } from '@buildai/domain';
import type { BuilderAccount } from './builder-types';

/** The side panel's panels (spec 001 §2). */
export type PanelId =
  | 'details'
  | 'texts'
  | 'branding'
  | 'fields'
  | 'results'
  | 'cta'
  | 'data'
  | 'tools'
  | 'chat'
  | 'settings'
  | 'database'
  | 'code';

/** Every app type the builder opens: the three a builder creates, and `chat` (an assistant's own app). */
export type BuilderAppType = AppView['appType'];

/** Generated-app settings show for admins and Moon-plan builders (spec 000 §2, spec 001 §6). */
export function canSeeGeneratedSettings(account: BuilderAccount): boolean {
  return account.isAdmin || account.plan === 'moon';
}

/**
 * Main menu entries by app type (spec 001 §2). A space app has App details, Database and App settings for every
 * builder (its settings are not gated by plan or role: spec 001 §6). A generated app's tool, opened at
 * /build/app/{appId}/tool/{toolId}, is edited like a single tool: its texts, fields, results and call to action,
 * with App tools to go back to the list.
 */
export function menuFor(appType: BuilderAppType, account: BuilderAccount, editingTool = false): PanelId[] {
  if (appType === 'generated' && editingTool) {
    return [
      'texts',
      'fields',
      'results',
      'cta',
      'data',
      'tools',
      ...(canSeeGeneratedSettings(account) ? (['settings'] as const) : []),
    ];
  }
  if (appType === 'generated') {
    return [
      'details',
      'texts',
      'branding',
      'tools',
      // the end users' chat assistant: every builder of the app (decision 0010 "The App chat entry")
      'chat',
      ...(canSeeGeneratedSettings(account) ? (['settings'] as const) : []),
      'database',
      'code',
    ];
  }
  if (appType === 'tool')
    return ['texts', 'branding', 'fields', 'results', 'cta', 'data', 'chat', 'settings'];
  if (appType === 'space') return ['details', 'database', 'chat', 'settings'];
  // an assistant's own app: its data sources only (spec 001 §2 "Chat menu: only Data sources")
  if (appType === 'chat') return ['data'];
  return [];
}

/** The menu entry's name. */
export function menuLabel(panel: PanelId, appType: BuilderAppType, editingTool = false): string {
  const tool = appType === 'tool';
  switch (panel) {
    case 'details':
      return 'App details';
    case 'texts':
      return tool || editingTool ? 'Tool texts' : 'App texts';
    case 'branding':
      return 'App branding';
    case 'fields':
      return 'Custom fields';
    case 'results':
      return 'Results layout';
    case 'cta':
      return 'Call to action';
    case 'data':
      return 'Data sources';
    case 'tools':
      return 'App tools';
    case 'chat':
      // a space app's workspace already has the chat that builds it, named App Chat
      return appType === 'space' ? 'Chat assistant' : 'App chat';
    case 'settings':
      return tool ? 'Tool settings' : 'App settings';
    case 'database':
      return 'Database';
    case 'code':
      return 'Code editor';
  }
}

/** The open panel's title (spec 000 §2: 'App Settings', or 'Tool Settings' for generated apps). */
export function panelTitle(panel: PanelId, appType: BuilderAppType, editingTool = false): string {
  switch (panel) {
    case 'details':
      return 'App Details';
    case 'texts':
      return appType === 'tool' || editingTool ? 'Tool Texts' : 'App Texts';
    case 'branding':
      return 'App Branding';
    case 'fields':
      return 'Custom Fields';
    case 'results':
      return 'Results Layout';
    case 'cta':
      return 'Call to Action';
    case 'data':
      return 'Data Sources';
    case 'tools':
      return 'App Tools';
    case 'chat':
      return 'App Chat';
    case 'settings':
      return appType === 'generated' ? 'Tool Settings' : 'App Settings';
    case 'database':
      return 'Database';
    case 'code':
      return 'Code Editor';
  }
}
