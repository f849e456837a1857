import { describe, expect, it } from 'vitest';
import { turnIssues, turnIssuesKey } from './turn-issues';
import type { SpaceUIMessage } from './types';

const issue = {
  file: 'pages/Home.tsx',
  line: 1,
  message: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
  detectorId: 'icons',
  componentName: 'Home',
};
const answer = (id: string, metadata: SpaceUIMessage['metadata']): SpaceUIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'text', text: 'Done.' }],
  metadata,
});
const ask: SpaceUIMessage = { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Go' }] };

describe('turnIssues', () => {
  it("lists the latest version-making answer's validation issues as issues-panel items", () => {
    const messages = [ask, answer('a1', { versionId: 'v1', validationIssues: [issue] })];
    expect(turnIssues(messages)).toEqual([
      {
        title: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
        details: 'pages/Home.tsx:1',
        componentName: 'Home',
      },
    ]);
    expect(turnIssuesKey(messages)).toContain('a1:');
  });

  it('keeps them after an answer that changed nothing, drops them after one that changed the files cleanly', () => {
    const first = [ask, answer('a1', { versionId: 'v1', validationIssues: [issue] })];
    expect(turnIssues([...first, ask, answer('a2', {})])).toHaveLength(1);
    const fixed = [...first, ask, answer('a3', { versionId: 'v2' })];
    expect(turnIssues(fixed)).toEqual([]);
    expect(turnIssuesKey(fixed)).toBe('');
  });
});
