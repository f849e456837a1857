import type { AppType } from '@buildai/domain';

export const APP_TYPE_LABEL: Record<AppType, string> = {
  tool: 'AI tool',
  generated: 'Generated app',
  space: 'Space app',
};

export function appTitle(app: { header: string; appType: AppType }): string {
  if (app.header.trim()) return app.header;
  return app.appType === 'tool' ? 'Untitled tool' : 'Untitled app';
}
