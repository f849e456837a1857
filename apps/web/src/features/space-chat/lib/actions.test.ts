import { describe, expect, it } from 'vitest';
import { chatActionList } from '@buildai/domain';
import { actionsOf, changedFiles, textOf } from './actions';
import type { SpaceUIMessage } from './types';

const live = (parts: unknown[]) =>
  actionsOf({ id: 'a1', role: 'assistant', parts, metadata: {} } as unknown as SpaceUIMessage, true);

describe('live file actions', () => {
  it('are titled by the registry, as the server stores them', () => {
    const path = 'pages/Home.tsx';
    const shown = live(
      ['add_file', 'edit_file', 'partial_edit', 'delete_file'].map((type, i) => ({
        type: `tool-${type}`,
        toolCallId: `c${i}`,
        state: 'input-available',
        input: { path },
      })),
    );
    expect(shown.map((a) => [a.title, a.file])).toEqual([
      ['Create pages/Home.tsx', path],
      ['Edit pages/Home.tsx', path],
      ['Edit pages/Home.tsx', path],
      ['Delete pages/Home.tsx', path],
    ]);
  });

  it('shows every action of the registry, and nothing for a tool that is none', () => {
    const shown = live([
      ...chatActionList.map((a, i) => ({
        type: `tool-${a.type}`,
        toolCallId: `c${i}`,
        state: 'input-available',
      })),
      { type: 'tool-request_secret', toolCallId: 'x', state: 'input-available', input: {} },
      { type: 'tool-constructor', toolCallId: 'y', state: 'input-available', input: {} },
    ]);
    expect(shown.map((a) => [a.type, a.title])).toEqual(chatActionList.map((a) => [a.type, a.title({})]));
  });

  it('count as a file change once a file action completed', () => {
    const part = (type: string, state: string) => ({
      type: `tool-${type}`,
      toolCallId: type,
      state,
      input: { path: 'a.tsx', entity: 'Task' },
      output: { ok: true },
    });
    expect(changedFiles(live([part('insert_entity_records', 'output-available')]))).toBe(false);
    expect(changedFiles(live([part('add_file', 'input-available')]))).toBe(false);
    expect(changedFiles(live([part('add_file', 'output-available')]))).toBe(true);
  });
});

describe('textOf', () => {
  it('keeps the text of each step of a turn as a paragraph of its own', () => {
    const message = {
      id: 'm1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Working on pages/Home.tsx.' },
        { type: 'step-start' },
        { type: 'text', text: 'Renamed.' },
      ],
    } as unknown as SpaceUIMessage;
    expect(textOf(message)).toBe('Working on pages/Home.tsx.\n\nRenamed.');
  });
});
