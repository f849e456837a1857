import { beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, type FakeLlm, type TestServer } from '@buildai/testkit';
import { makeGeneratedApp, readRunEvents, setPlan } from './helpers';
import { chat, chatTurn, getJson, useChatServer } from './spaces-helpers';

// A generated app's App Chat (issue 29, decision 0015): the model writes the app's tools through the tool actions,
// under the panels' rules; each turn that changed the app is a version, and a restore puts the tools back.

const ADMIN = 'boss@example.com';
let llm: FakeLlm;
let server: TestServer;
let adminToken: string;
let token: string;
useChatServer((started) => ({ llm, server, token: adminToken } = started), ADMIN);

beforeAll(async () => {
  const builder = await signUpBuilder(server);
  await setPlan(server, adminToken, builder.email, 'explorer');
  token = builder.idToken;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const LISTING = {
  title: 'Listing writer',
  header: 'Write a listing',
  description: 'A property listing from a few facts',
  inputLabel: 'Anything else?',
  examples: ['Sea view, new kitchen', 'Quiet street near schools'],
  fields: [
    { name: 'address', label: 'Address', type: 'text', required: true },
    { name: 'rooms', label: 'Rooms', type: 'text', required: true },
    { name: 'tone', label: 'Tone', type: 'select', options: ['Warm', 'Luxury', 'Plain'] },
    { name: 'agent_email', label: 'Your email', type: 'email' },
  ],
  prompt: [
    'Write a listing for the home at {{address}} with {{rooms}} rooms, in a {{tone}} tone.',
    '## Headline',
    'One line.',
    '## Description',
    'Three paragraphs. Also: {{input}}',
  ],
  ctaMessage: 'Want more leads?',
  ctaButton: 'Book a call',
  ctaLink: 'https://example.com/book',
};
const BUYER_EMAIL = {
  title: 'Buyer email',
  path: 'buyer-email',
  isInputHidden: true,
  fields: [
    { name: 'buyer', label: 'Buyer name', type: 'text', required: true },
    { name: 'notes', label: 'Viewing notes', type: 'long_text' },
    { name: 'next_steps', label: 'Next steps', type: 'multiselect', options: ['Second viewing', 'Offer'] },
  ],
  prompt: 'Draft a friendly email to {{buyer}} after a viewing. Notes: {{notes}}. Suggest {{next_steps}}.',
};
const SOCIAL = {
  title: 'Open house post',
  path: 'open-house',
  fields: [
    { name: 'date', label: 'Date and time', type: 'text', required: true },
    { name: 'height', label: 'Ceiling height', type: 'height' },
    { name: 'weight', label: 'Piano weight', type: 'weight' },
    { name: 'photo', label: 'Front photo', type: 'photo' },
  ],
  prompt: 'Write an Instagram post for an open house on {{date}} about {{input}}.',
  welcomeMessage: 'Tell me about the house',
};

async function appView(appId: string, as = token): Promise<Json> {
  return getJson(server, `/api/apps/${appId}`, as);
}
const toolOf = (app: Json, path: string) => app.tools.find((t: Json) => t.path === path);
/** The tools' outputs as the model reads them (the builder's page also gets the changed tool, `preview`). */
const outputs = (chunks: Json[]) =>
  chunks
    .filter((c) => c.type === 'tool-output-available')
    .map(({ output: { preview: _preview, ...rest } }) => rest as Json);

let sent = 0;
/** A message id of its own (ids are unique across apps). */
const nextId = () => `msg_${Date.now()}_${(sent += 1)}`;

/** A turn of three tools and the app's name, as the first message of a builder would bring. */
async function firstTurn(appId: string, id = nextId()) {
  llm.enqueue([
    {
      toolCalls: [
        {
          id: 'c_app',
          name: 'edit_app',
          arguments: { header: 'Estate agent kit', subheader: 'Listings, emails, posts' },
        },
        { id: 'c_1', name: 'add_tool', arguments: LISTING, argumentChunks: 4 },
        { id: 'c_2', name: 'add_tool', arguments: BUYER_EMAIL },
        { id: 'c_3', name: 'add_tool', arguments: SOCIAL },
      ],
    },
    { text: 'I made three tools: a listing writer, a buyer email and an open house post.' },
  ]);
  return chatTurn(
    server,
    appId,
    'An app for estate agents: a listing writer, a buyer-email drafter and an open-house social post',
    { token, id },
  );
}

describe("a generated app's App Chat", () => {
  it('writes three tools with their fields, prompts, texts and call to action in one turn, as a version', async () => {
    const appId = await makeGeneratedApp(server, token);
    const chunks = await firstTurn(appId);
    expect(outputs(chunks)).toEqual([
      { ok: true },
      { ok: true, toolId: expect.any(String), path: 'listing-writer' },
      { ok: true, toolId: expect.any(String), path: 'buyer-email' },
      { ok: true, toolId: expect.any(String), path: 'open-house' },
    ]);

    const app = await appView(appId);
    expect(app.header).toBe('Estate agent kit');
    expect(app.description).toBe('Listings, emails, posts');
    expect(app.tools.map((t: Json) => [t.title, t.path, t.status])).toEqual([
      ['Listing writer', 'listing-writer', 'draft'],
      ['Buyer email', 'buyer-email', 'draft'],
      ['Open house post', 'open-house', 'draft'],
    ]);
    const listing = toolOf(app, 'listing-writer').app;
    expect(listing).toMatchObject({
      header: 'Write a listing',
      description: 'A property listing from a few facts',
      inputLabel: 'Anything else?',
      examples: ['Sea view, new kitchen', 'Quiet street near schools'],
      gptPrompt: LISTING.prompt.join('\n'),
      ctaMessage: 'Want more leads?',
      ctaButton: 'Book a call',
      ctaLink: 'https://example.com/book',
    });
    expect(listing.fields).toEqual([
      { name: 'address', label: 'Address', type: 'text', required: true, personal: false, memorize: false },
      { name: 'rooms', label: 'Rooms', type: 'text', required: true, personal: false, memorize: false },
      {
        name: 'tone',
        label: 'Tone',
        type: 'select',
        required: false,
        personal: false,
        memorize: false,
        options: [{ label: 'Warm' }, { label: 'Luxury' }, { label: 'Plain' }],
      },
      // spec 000 §5: email fields are always personal
      {
        name: 'agent_email',
        label: 'Your email',
        type: 'email',
        required: false,
        personal: true,
        memorize: false,
      },
    ]);
    expect(toolOf(app, 'buyer-email').app).toMatchObject({ isInputHidden: true });
    expect(toolOf(app, 'buyer-email').app.fields.map((f: Json) => f.type)).toEqual([
      'text',
      'long_text',
      'multiselect',
    ]);
    expect(toolOf(app, 'open-house').app.welcomeMessage).toBe('Tell me about the house');

    // the turn is stored with its actions and made a version named on the user's message
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    const answer = messages.at(-1);
    expect(answer.actions.map((a: Json) => [a.title, a.file, a.isComplete, a.error])).toEqual([
      ['Edit app details', 'app.json', true, undefined],
      ['Add tool Listing writer', 'tools/listing-writer.json', true, undefined],
      ['Add tool Buyer email', 'tools/buyer-email.json', true, undefined],
      ['Add tool Open house post', 'tools/open-house.json', true, undefined],
    ]);
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(1);
    expect(messages.at(-2).annotations[0].versionId).toBe(versions[0].id);
    const version = await getJson(server, `/api/apps/${appId}/versions/${versions[0].id}`, token);
    expect(version.files.map((f: Json) => f.path)).toEqual([
      'app.json',
      'tools/listing-writer.json',
      'tools/buyer-email.json',
      'tools/open-house.json',
    ]);
    // the prompt is kept a line an entry: a changed line reads as one in 'All Changes'
    expect(version.files[1].content).toContain('\n    "## Headline",\n');

    // the model was taught the tool model and the prompt syntax, and read back what each call did
    const system = JSON.stringify(llm.requests[0]!.body);
    expect(system).toContain('{{fieldName}}');
    expect(system).toContain('add_tool');
    expect(system).toContain('never \\"input\\"');
    const second = JSON.stringify(llm.requests[1]!.body);
    expect(second).toContain('listing-writer');
    // the page got each changed tool with its output, the model did not
    expect(
      chunks.find((c) => c.type === 'tool-output-available' && c.toolCallId === 'c_1')!.output.preview.tool,
    ).toMatchObject({
      title: 'Listing writer',
      path: 'listing-writer',
      app: { header: 'Write a listing' },
    });
    expect(second).not.toContain('imageUrl');
  });

  it('changes only the given keys of one field (a partial edit), as a second version', async () => {
    const appId = await makeGeneratedApp(server, token);
    await firstTurn(appId);
    const before = toolOf(await appView(appId), 'listing-writer').app;
    llm.enqueue([
      {
        toolCalls: [
          {
            name: 'edit_tool',
            arguments: {
              path: 'listing-writer',
              changes: { fields: [{ name: 'tone', required: true, options: ['Warm', 'Luxury'] }] },
            },
          },
        ],
      },
      { text: 'The tone is now required.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Make the tone required and drop Plain', {
      token,
      id: nextId(),
    });
    expect(outputs(chunks)).toEqual([{ ok: true, toolId: expect.any(String), path: 'listing-writer' }]);
    const after = toolOf(await appView(appId), 'listing-writer').app;
    expect(after.fields[2]).toEqual({
      ...before.fields[2],
      required: true,
      options: [{ label: 'Warm' }, { label: 'Luxury' }],
    });
    // everything else is as it was
    expect({ ...after, fields: [] }).toEqual({ ...before, fields: [] });
    expect(after.fields.filter((_: Json, i: number) => i !== 2)).toEqual(
      before.fields.filter((_: Json, i: number) => i !== 2),
    );
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(2);
  });

  it('refuses a broken rule with words the model acts on, and saves nothing of it', async () => {
    const appId = await makeGeneratedApp(server, token);
    await firstTurn(appId);
    const before = await appView(appId);
    const tenFields = Array.from({ length: 7 }, (_, i) => ({ name: `extra_${i}`, label: `Extra ${i}` }));
    llm.enqueue([
      {
        toolCalls: [
          // reserved name
          {
            id: 'r1',
            name: 'add_tool',
            arguments: { title: 'Quick note', fields: [{ name: 'input', label: 'Input' }], prompt: 'Hi' },
          },
          // a path another tool has
          { id: 'r2', name: 'add_tool', arguments: { title: 'Second listing', path: 'listing-writer' } },
          // 4 fields + 7 = 11 > 10
          {
            id: 'r3',
            name: 'edit_tool',
            arguments: { path: 'listing-writer', changes: { fields: tenFields } },
          },
          // a duplicate field name, a bad path, an admin-only type (the builder is no admin), a missing tool
          {
            id: 'r4',
            name: 'edit_tool',
            arguments: {
              path: 'buyer-email',
              changes: { fields: [{ name: 'Buyer2', rename: 'buyer', label: 'B' }] },
            },
          },
          { id: 'r5', name: 'add_tool', arguments: { title: 'Bad path', path: 'bad path!' } },
          {
            id: 'r6',
            name: 'add_tool',
            arguments: { title: 'Pick', fields: [{ name: 'item', label: 'Item', type: 'tool_item_select' }] },
          },
          { id: 'r7', name: 'remove_tool', arguments: { path: 'nope' } },
        ],
      },
      { text: 'Some changes were refused.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Add more', { token, id: nextId() });
    const nothingSaved = 'Nothing was saved: correct it and call the action again.';
    expect(outputs(chunks)).toEqual([
      {
        ok: false,
        error: `Input is a reserved field name, try another name (at fields.0.name). ${nothingSaved}`,
      },
      { ok: false, error: `Another tool of this app already uses this path (at path). ${nothingSaved}` },
      {
        ok: false,
        error: `There can be a maximum of 10 custom fields, contact us if you need more fields (at fields). ${nothingSaved}`,
      },
      { ok: false, error: `Field already exists (at fields.3.name). ${nothingSaved}` },
      {
        ok: false,
        error: `Path should contain only letters, numbers, and dashes. It cannot be empty. (at path). ${nothingSaved}`,
      },
      { ok: false, error: `This field type is available to admins only (at fields.0.type). ${nothingSaved}` },
      {
        ok: false,
        error: `The app has no tool at path "nope"; its tools are: listing-writer, buyer-email, open-house (at path). ${nothingSaved}`,
      },
    ]);
    // the refusals reached the model in its next call
    const next = JSON.stringify(llm.requests.at(-1)!.body);
    expect(next).toContain('Input is a reserved field name, try another name');
    expect(next).toContain('There can be a maximum of 10 custom fields');
    // nothing was saved and no version was made
    const after = await appView(appId);
    expect(after.tools).toEqual(before.tools);
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(1);
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages.at(-1).actions.every((a: Json) => a.isComplete && a.error)).toBe(true);
  });

  it('restores the tools and the details of a version (Revert), and the chat up to its message', async () => {
    const appId = await makeGeneratedApp(server, token);
    const firstId = nextId();
    await firstTurn(appId, firstId);
    const first = await appView(appId);
    llm.enqueue([
      {
        toolCalls: [
          { name: 'remove_tool', arguments: { path: 'open-house' } },
          {
            name: 'edit_tool',
            arguments: {
              path: 'listing-writer',
              changes: { path: 'listings', title: 'Listings', prompt: 'Short.' },
            },
          },
          { name: 'edit_tool', arguments: { path: 'buyer-email', changes: { path: 'listing-writer' } } },
          { name: 'edit_app', arguments: { header: 'Renamed', branding: { headerTextColor: '#112233' } } },
        ],
      },
      { text: 'Done.' },
    ]);
    await chatTurn(server, appId, 'Shuffle things', { token, id: nextId() });
    const changed = await appView(appId);
    expect(changed.tools.map((t: Json) => t.path)).toEqual(['listings', 'listing-writer']);
    expect(changed.header).toBe('Renamed');
    expect(changed.appStyle.headerTextColor).toBe('#112233');

    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(2);
    const oldest = versions.at(-1);
    const res = await server.request(`/api/apps/${appId}/versions/${oldest.id}/restore`, {
      method: 'POST',
      token,
      json: { messageId: firstId },
    });
    expect(res.status).toBe(200);
    const restored = (await res.json()) as Json;
    expect(restored.messages.map((m: Json) => m.role)).toEqual(['user', 'assistant']);

    const back = await appView(appId);
    expect(back.tools).toEqual(first.tools);
    expect(back.header).toBe('Estate agent kit');
    expect(back.appStyle.headerTextColor).toBe(first.appStyle.headerTextColor);
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toHaveLength(1);
  });

  it("puts a restored version before a published app's visitors at once: runs and the public view", async () => {
    const appId = await makeGeneratedApp(server, token);
    const firstId = nextId();
    llm.enqueue([
      {
        toolCalls: [
          { name: 'edit_app', arguments: { header: 'Estate agent kit' } },
          { name: 'add_tool', arguments: { ...BUYER_EMAIL, status: 'active' } },
        ],
      },
      { text: 'I made a buyer email.' },
    ]);
    await chatTurn(server, appId, 'A buyer email after viewings', { token, id: firstId });
    expect((await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token })).status).toBe(200);
    llm.enqueue([
      {
        toolCalls: [
          {
            name: 'edit_tool',
            arguments: { path: 'buyer-email', changes: { prompt: 'Two lines to {{buyer}}.' } },
          },
          { name: 'edit_app', arguments: { header: 'Agent kit 2' } },
        ],
      },
      { text: 'Done.' },
    ]);
    await chatTurn(server, appId, 'Shorter emails', { token, id: nextId() });
    /** A visitor's run of the buyer email: the prompt the model was sent. */
    const visitorRun = async () => {
      llm.enqueue({ text: 'Dear Ann' });
      const res = await server.request(`/api/apps/${appId}/tools/buyer-email/run`, {
        method: 'POST',
        json: { inputs: { buyer: 'Ann' } },
      });
      expect(res.status).toBe(200);
      await readRunEvents(res);
      return JSON.stringify(llm.requests.at(-1)!.body);
    };
    const publicHeader = async () =>
      ((await (await server.request(`/api/apps/${appId}`)).json()) as Json).header as string;
    // the published tools are now kept in memory for runs
    expect(await visitorRun()).toContain('Two lines to Ann.');
    expect(await publicHeader()).toBe('Agent kit 2');

    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    const restored = await server.request(`/api/apps/${appId}/versions/${versions.at(-1).id}/restore`, {
      method: 'POST',
      token,
      json: { messageId: firstId },
    });
    expect(restored.status).toBe(200);
    const run = await visitorRun();
    expect(run).toContain('Draft a friendly email to Ann after a viewing.');
    expect(run).not.toContain('Two lines');
    expect(await publicHeader()).toBe('Estate agent kit');
  });

  it("takes turns with the panels' saves: a tool's save waits for the turn to end (409 while it runs)", async () => {
    const appId = await makeGeneratedApp(server, token);
    await firstTurn(appId);
    const listing = toolOf(await appView(appId), 'listing-writer');
    llm.enqueue([{ chunks: ['Thinking ', 'about it.'], delayMs: 400 }]);
    const turn = await chat(server, appId, 'What do you think?', { token, id: nextId() });
    const save = () =>
      server.request(`/api/apps/${appId}/tools/${listing.toolId}`, {
        method: 'PUT',
        token,
        json: { ...listing.app, header: 'From the panel' },
      });
    const during = await save();
    expect(during.status).toBe(409);
    expect(((await during.json()) as Json).error.message).toBe('Please wait for chat to finish');
    await turn.text();
    expect((await save()).status).toBe(200);
    expect(toolOf(await appView(appId), 'listing-writer').app.header).toBe('From the panel');
  });

  it('shows another builder nothing (404), and asks a builder on the lowest plan to upgrade (403)', async () => {
    const appId = await makeGeneratedApp(server, token);
    await firstTurn(appId);
    const other = (await signUpBuilder(server)).idToken;
    await setPlan(server, adminToken, (await signUpBuilder(server)).email, 'moon');
    for (const path of ['chat/messages', 'versions', 'files']) {
      const res = await server.request(`/api/apps/${appId}/${path}`, { token: other });
      expect(res.status, path).toBe(404);
    }
    expect((await chat(server, appId, 'Delete everything', { token: other })).status).toBe(404);
    expect(
      (
        await server.request(`/api/apps/${appId}/files/tools%2Flisting-writer.json`, {
          method: 'PUT',
          token: other,
          json: { content: '{}' },
        })
      ).status,
    ).toBe(404);
    expect((await appView(appId)).tools).toHaveLength(3);

    const lite = (await signUpBuilder(server)).idToken;
    const own = await makeGeneratedApp(server, lite);
    const res = await chat(server, own, 'Make tools', { token: lite });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Json).error).toMatchObject({
      code: 'generated/chat-locked',
      message: 'Upgrade your plan to build your app through the chat',
    });
  });
});

describe("a generated app's Code editor", () => {
  it("lists the app's documents and saves one through the same rules", async () => {
    const appId = await makeGeneratedApp(server, token);
    await firstTurn(appId);
    const { files } = await getJson(server, `/api/apps/${appId}/files`, token);
    expect(files.map((f: Json) => f.path)).toEqual([
      'app.json',
      'tools/listing-writer.json',
      'tools/buyer-email.json',
      'tools/open-house.json',
    ]);
    const doc = JSON.parse(files[2].content) as Json;
    expect(doc).toMatchObject({ title: 'Buyer email', path: 'buyer-email', status: 'draft' });

    const put = (content: string) =>
      server.request(`/api/apps/${appId}/files/tools/buyer-email.json`, {
        method: 'PUT',
        token,
        json: { content },
      });
    const reserved = await put(
      JSON.stringify({ ...doc, fields: [...doc.fields, { name: 'Input', label: 'X' }] }),
    );
    expect(reserved.status).toBe(400);
    expect(((await reserved.json()) as Json).error).toMatchObject({
      code: 'field/reserved-name',
      message: 'Input is a reserved field name, try another name',
    });
    const broken = await put('{ "title": ');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as Json).error.message).toMatch(/^The file is not valid JSON/);

    const ok = await put(
      JSON.stringify({ ...doc, header: 'Email a buyer', prompt: ['Line one', 'Line two'] }),
    );
    expect(ok.status).toBe(200);
    const tool = toolOf(await appView(appId), 'buyer-email').app;
    expect(tool.header).toBe('Email a buyer');
    expect(tool.gptPrompt).toBe('Line one\nLine two');
  });
});
