import type { AppErrorItem } from '@buildai/domain';
import type { SpaceUIMessage } from './types';

/**
 * The validation detectors' errors of the app's files as the latest turn that changed them left them (the chat's
 * gate, decision 0013), as issues-panel items: a later answer that changed nothing leaves the same files, and so the
 * same issues.
 */
export function turnIssues(messages: SpaceUIMessage[]): AppErrorItem[] {
  const last = messages.findLast((m) => m.role === 'assistant' && m.metadata?.versionId);
  return (last?.metadata?.validationIssues ?? []).map((issue) => ({
    title: issue.message,
    details: `${issue.file}${issue.line ? `:${issue.line}` : ''}`,
    componentName: issue.componentName,
  }));
}

/** A key that changes when the issues or the turn they come from change (the autofix counts them anew then). */
export function turnIssuesKey(messages: SpaceUIMessage[]): string {
  const last = messages.findLast((m) => m.role === 'assistant' && m.metadata?.versionId);
  return last?.metadata?.validationIssues?.length
    ? `${last.id}:${JSON.stringify(last.metadata.validationIssues)}`
    : '';
}
