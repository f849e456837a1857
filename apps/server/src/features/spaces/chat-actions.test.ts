import { asSchema, type UIMessage } from 'ai';
import { chatActionList, chatActions, type CallInput, type ChatToolType } from '@buildai/domain';
import { describe, expect, it } from 'vitest';
// the web's reading of the same parts: both sides must title an action alike, live and once stored
import { actionsOf } from '../../../../web/src/features/space-chat/lib/actions';
import type { SpaceUIMessage } from '../../../../web/src/features/space-chat/lib/types';
import { changedVersioned, chatTools, type ChatExecutes, type ToolExecutes } from './chat-tools';
import { turnActions } from './turn-actions';

/** A call of each action as the model sends it (the compiler asks for one per action of the registry). */
const calls: Record<ChatToolType, CallInput> = {
  add_file: { path: 'pages/About.tsx', content: 'export default () => null;' },
  edit_file: { path: 'pages/Home.tsx', content: 'export default () => <h1/>;' },
  partial_edit: { path: 'pages/Home.tsx', search: 'h1', replace: 'h2' },
  delete_file: { path: 'pages/Old.tsx' },
  add_entity: { name: 'Task', schema: { properties: { title: { type: 'string' } } } },
  edit_entity: { name: 'Note', schema: { properties: {} } },
  insert_entity_records: { entity: 'Task', records: [{ title: 'a' }, { title: 'b' }] },
  import_entities: { entity: 'Task', records: [{ title: 'a' }] },
  request_secrets: { secrets: [{ secretName: 'WEATHER_KEY', description: 'the weather API key' }] },
  add_tool: { title: 'Listing writer', prompt: 'Write about {{rooms}}' },
  edit_tool: { path: 'listing-writer', changes: { header: 'Listings' } },
  remove_tool: { path: 'buyer-email' },
  edit_app: { header: 'Estate agent kit' },
};

const part = (type: string, toolCallId: string, input: CallInput) =>
  ({ type: `tool-${type}`, toolCallId, state: 'input-available', input }) as UIMessage['parts'][number];

async function titlesOnBothSides(inputs: (type: ChatToolType) => CallInput) {
  const parts = chatActionList.map((a, i) => part(a.type, `c${i}`, inputs(a.type)));
  const server = (await turnActions(parts, new Map(), false)).actions.map((a) => a.title);
  const message = { id: 'a1', role: 'assistant', parts, metadata: {} } as unknown as SpaceUIMessage;
  const web = actionsOf(message, true).map((a) => a.title);
  return { server, web, registry: chatActionList.map((a) => a.title(inputs(a.type))) };
}

describe('the chat actions on the server and on the web', () => {
  it('are titled alike on both sides, from the registry', async () => {
    const { server, web, registry } = await titlesOnBothSides((type) => calls[type]);
    expect(server).toEqual(registry);
    expect(web).toEqual(registry);
    expect(server).toEqual([
      'Create pages/About.tsx',
      'Edit pages/Home.tsx',
      'Edit pages/Home.tsx',
      'Delete pages/Old.tsx',
      'Add entity Task',
      'Edit entity Note',
      'Insert 2 records into Task',
      'Import 1 record into Task',
      'Request secrets WEATHER_KEY',
      'Add tool Listing writer',
      'Edit tool listing-writer',
      'Remove tool buyer-email',
      'Edit app details',
    ]);
  });

  it('are titled alike while nothing of the input has been read yet', async () => {
    const { server, web, registry } = await titlesOnBothSides(() => ({}));
    expect(server).toEqual(registry);
    expect(web).toEqual(registry);
  });
});

describe('the model tools', () => {
  it('of a space app are its file and entity actions, and of a generated app its tool actions', () => {
    const noop = async () => ({ ok: true });
    const only = (types: string[]) =>
      Object.keys(chatTools(Object.fromEntries(types.map((t) => [t, noop])) as unknown as ChatExecutes));
    const of = (targets: string[]) =>
      chatActionList.filter((a) => targets.includes(a.target)).map((a) => a.type);
    expect(only(of(['file', 'entity']))).toEqual(of(['file', 'entity']));
    expect(only(of(['tool']))).toEqual(['add_tool', 'edit_tool', 'remove_tool', 'edit_app']);
  });

  it('are the registry, in its order, each running the execute of its own name', async () => {
    const ran: string[] = [];
    const executes = Object.fromEntries(
      chatActionList.map((a) => [
        a.type,
        async (input: unknown, toolCallId: string) => {
          ran.push(`${a.type} ${toolCallId} ${JSON.stringify(input)}`);
          return { ok: true };
        },
      ]),
    ) as unknown as ToolExecutes;
    const tools = chatTools(executes as ChatExecutes);
    expect(Object.keys(tools)).toEqual(Object.keys(chatActions));
    for (const action of chatActionList) {
      const tool = tools[action.type]!;
      expect(tool.description).toBe(action.description);
      expect(await asSchema(tool.inputSchema).jsonSchema).toEqual(await asSchema(action.input).jsonSchema);
      await tool.execute!(calls[action.type], { toolCallId: 'call-1', messages: [] });
    }
    expect(ran).toEqual(chatActionList.map((a) => `${a.type} call-1 ${JSON.stringify(calls[a.type])}`));
  });

  it('version what the registry says once they succeed', () => {
    for (const action of chatActionList) {
      expect(changedVersioned({ type: action.type, result: { ok: true } as never }), action.type).toBe(
        action.versioned,
      );
      expect(changedVersioned({ type: action.type, result: { ok: false, error: 'no' } })).toBe(false);
    }
  });
});
