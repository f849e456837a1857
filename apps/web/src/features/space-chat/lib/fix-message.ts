import { redactCredentials, type AppErrorItem } from '@buildai/domain';

/**
 * The message 'Resolve with AI' and autofix send: every error the app reported, with where and what, and no
 * credential (the preview's stack traces name its URL with the preview token).
 */
export function buildFixMessage(errors: AppErrorItem[]): string {
  const items = errors.map((e, i) => {
    const where = e.componentName ? ` (in ${e.componentName})` : '';
    const details = e.details.trim() ? `\n\`\`\`\n${e.details.trim()}\n\`\`\`` : '';
    return `${i + 1}. ${e.title}${where}${details}`;
  });
  return redactCredentials(`Please fix the following errors in my app:\n\n${items.join('\n\n')}`);
}

/** A stable key of an error, to suppress or reveal it across reports of the same list. */
export const errorKey = (e: AppErrorItem) => `${e.componentName ?? ''}\u0000${e.title}\u0000${e.details}`;
