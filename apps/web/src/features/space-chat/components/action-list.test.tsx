import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spaceTexts } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import type { ShownAction } from '../lib/actions';
import { APP, renderChat, serveChat, uiStream } from '../test/chat-fixtures';
import { ActionList } from './action-list';

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const row = (title: string) => screen.getByText(title).closest('li')!;

describe('entity actions in the action list', () => {
  it('shows the permission pair of add/edit_entity and what a record action inserted', () => {
    const actions: ShownAction[] = [
      {
        key: '1',
        title: 'Add entity Task',
        type: 'add_entity',
        entity: 'Task',
        state: 'complete',
        permissions: { read: 'all', write: 'admin' },
      },
      {
        key: '2',
        title: 'Edit entity Note',
        type: 'edit_entity',
        entity: 'Note',
        state: 'complete',
        permissions: { read: 'anonymous', write: 'none' },
      },
      {
        key: '3',
        title: 'Insert 3 records into Task',
        type: 'insert_entity_records',
        entity: 'Task',
        state: 'complete',
        records: { sent: 3, inserted: 2, failed: [{ index: 1, message: 'title: must be string' }] },
      },
      {
        key: '4',
        title: 'Import 120 records into Task',
        type: 'import_entities',
        entity: 'Task',
        state: 'complete',
        records: { sent: 120, inserted: 120, failed: [] },
      },
      {
        key: '5',
        title: 'Add entity Task',
        type: 'add_entity',
        entity: 'Task',
        state: 'failed',
        permissions: { read: 'creator', write: 'creator' },
        error: 'The entity Task already exists: change it with edit_entity (its whole new schema)',
      },
    ];
    render(<ActionList actions={actions} />);
    const items = [...screen.getByRole('list', { name: 'Changes' }).children] as HTMLElement[];
    expect(items.map((li) => li.getAttribute('data-type'))).toEqual([
      'add_entity',
      'edit_entity',
      'insert_entity_records',
      'import_entities',
      'add_entity',
    ]);
    // a preset's label, else '{read} Read, {write} Write'
    expect(within(items[0]!).getByText('Public Read, Admin Write')).toBeTruthy();
    expect(within(items[1]!).getByText('Anonymous Read, None Write')).toBeTruthy();
    expect(within(items[2]!).getByText('Inserted 2 of 3 records, 1 refused')).toBeTruthy();
    expect(within(items[2]!).getByText('Record 2: title: must be string')).toBeTruthy();
    expect(within(items[3]!).getByText('Inserted 120 records')).toBeTruthy();
    expect(within(items[4]!).getByText(/already exists/)).toBeTruthy();
    expect(items[4]!.getAttribute('data-state')).toBe('failed');
    expect(within(items[4]!).queryByText('Creator Only')).toBeNull();
    expect(within(items[4]!).getByLabelText('Failed')).toBeTruthy();
  });
});

describe('a turn that changes entities', { timeout: 20_000 }, () => {
  it('calls onFilesChanged for each completed entity action, not for a refused one', async () => {
    const api = mockApi({
      [`GET /api/apps/${APP}/chat/messages`]: [{ body: { messages: [] } }, { body: { messages: [] } }],
    });
    const turn = uiStream();
    serveChat(api, [turn]);
    const { props } = renderChat();
    await screen.findByText(spaceTexts.emptyTitle);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Make a task list' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(spaceTexts.thinking);
    act(() =>
      turn.push(
        { type: 'start', messageId: 'a1' },
        { type: 'start-step' },
        {
          type: 'tool-input-available',
          toolCallId: 'c1',
          toolName: 'add_entity',
          input: { name: 'Task', schema: { properties: { title: { type: 'string' } } } },
        },
      ),
    );
    await waitFor(() => expect(row('Add entity Task').getAttribute('data-state')).toBe('running'));
    expect(within(row('Add entity Task')).getByText('Creator Only')).toBeTruthy();
    expect(props.onFilesChanged).not.toHaveBeenCalled();
    act(() =>
      turn.push({
        type: 'tool-output-available',
        toolCallId: 'c1',
        output: { ok: true, created: true, permissions: { read: 'creator', write: 'creator' } },
      }),
    );
    await waitFor(() => expect(props.onFilesChanged).toHaveBeenCalledTimes(1));
    act(() =>
      turn.push(
        {
          type: 'tool-input-available',
          toolCallId: 'c2',
          toolName: 'insert_entity_records',
          input: { entity: 'Task', records: [{ title: 'a' }, { title: 'b' }] },
        },
        {
          type: 'tool-output-available',
          toolCallId: 'c2',
          output: { ok: true, inserted: 2, failed: [], failedCount: 0 },
        },
        {
          type: 'tool-input-available',
          toolCallId: 'c3',
          toolName: 'edit_entity',
          input: { name: 'Nope', schema: { properties: {} } },
        },
        {
          type: 'tool-output-available',
          toolCallId: 'c3',
          output: { ok: false, error: 'There is no entity Nope' },
        },
      ),
    );
    await waitFor(() => expect(screen.getByText('Inserted 2 records')).toBeTruthy());
    expect(props.onFilesChanged).toHaveBeenCalledTimes(2);
    act(() => {
      turn.push({ type: 'finish-step' }, { type: 'finish' });
      turn.end();
    });
  });
});
