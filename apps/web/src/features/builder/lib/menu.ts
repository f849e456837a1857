import type { AppType } from '@buildai/domain';
import type { BuilderAccount } from '../types';

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
export function menuFor(appType: AppType, account: BuilderAccount, editingTool = false): PanelId[] {
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
      ...(account.isAdmin ? (['chat'] as const) : []),
      ...(canSeeGeneratedSettings(account) ? (['settings'] as const) : []),
      'database',
      'code',
    ];
  }
  if (appType === 'tool') return ['texts', 'branding', 'fields', 'results', 'cta', 'data', 'settings'];
  if (appType === 'space') return ['details', 'database', 'settings'];
  return [];
}

/** The menu entry's name. */
export function menuLabel(panel: PanelId, appType: AppType, editingTool = false): string {
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
      return 'App chat';
    case 'settings':
      return tool ? 'Tool settings' : 'App settings';
    case 'database':
      return 'Database';
    case 'code':
      return 'Code editor';
  }
}

/** The open panel's title (spec 000 §2: 'App Settings', or 'Tool Settings' for generated apps). */
export function panelTitle(panel: PanelId, appType: AppType, editingTool = false): string {
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
