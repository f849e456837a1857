import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { builderMessages } from '@buildai/domain';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import {
  activateAndPublish,
  addTool,
  json,
  makeGeneratedApp,
  makeTool,
  setPlan,
  TINY_PNG,
  uploadFile,
  expectError,
} from './helpers';

// One server for the file; every test works with builders of its own.
let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
  adminToken = (await signUpBuilder(server, 'boss@example.com')).idToken;
});
afterAll(() => server.close());

const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
  server.request(path, { method, token, json: body });
const post = (path: string, token: string, body?: unknown) => send('POST', path, token, body);
const getApp = async (appId: string, token?: string) =>
  json(await server.request(`/api/apps/${appId}`, { token }));

/** A builder on a plan (set by the admin), with its token and email. */
async function builderOn(plan: 'lite' | 'explorer' | 'moon') {
  const b = await signUpBuilder(server);
  if (plan !== 'lite') await setPlan(server, adminToken, b.email, plan);
  return b;
}

// ---- tool definitions --------------------------------------------------------------------------------------------

const field = (name: string, extra: Record<string, unknown> = {}) => ({ name, label: name, ...extra });
const saveDefinition = (token: string, appId: string, app: Record<string, unknown>) =>
  post('/api/apps', token, { appType: 'tool', appId, app: { header: 'Quiz maker', gptPrompt: 'x', ...app } });

describe('POST /api/apps: tool definition checks', () => {
  const tenFields = Array.from({ length: 10 }, (_, i) => field(`f${i}`));

  it.each([
    [
      'more than 10 fields',
      { fields: [...tenFields, field('f10')] },
      400,
      'field/too-many',
      builderMessages.maxFields(10),
      'app.fields',
    ],
    [
      'the reserved name input, in any case',
      { fields: [field('Input')] },
      400,
      'field/reserved-name',
      'Input is a reserved field name, try another name',
      'app.fields.0.name',
    ],
    [
      'a name over 40 characters',
      { fields: [field('n'.repeat(41))] },
      400,
      'field/name-too-long',
      'The field name is too long',
      'app.fields.0.name',
    ],
    [
      'a duplicate name in another case',
      { fields: [field('topic'), { name: 'TOPIC', label: 'Other' }] },
      400,
      'field/already-exists',
      'Field already exists',
      'app.fields.1.name',
    ],
    [
      'a duplicate label in another case, after trimming',
      {
        fields: [
          { name: 'a', label: 'Topic' },
          { name: 'b', label: ' topic ' },
        ],
      },
      400,
      'field/already-exists',
      'Field already exists',
      'app.fields.1.label',
    ],
    [
      'an empty option',
      { fields: [field('pick', { type: 'select', options: [{ label: 'A' }, { label: '  ' }] })] },
      400,
      'field/option-empty',
      'Option is empty',
      'app.fields.0.options.1',
    ],
    [
      'a duplicate option in optionsConfig',
      {
        fields: [
          field('pick', {
            type: 'multiselect',
            optionsConfig: { options: [{ label: 'Red' }, { label: 'red' }] },
          }),
        ],
      },
      400,
      'field/option-exists',
      'Option already exists',
      'app.fields.0.options.1',
    ],
    [
      'a place field from a non-admin',
      { fields: [field('where', { type: 'place' })] },
      403,
      'field/type-admin-only',
      'This field type is available to admins only',
      'app.fields.0.type',
    ],
    [
      'a tool item field from a non-admin',
      { fields: [field('item', { type: 'tool_item_select' })] },
      403,
      'field/type-admin-only',
      'This field type is available to admins only',
      'app.fields.0.type',
    ],
    [
      'a photo field on lite',
      { fields: [field('pic', { type: 'photo' })] },
      403,
      'field/type-paid-only',
      'Photo fields are available on paid plans',
      'app.fields.0.type',
    ],
    [
      'multi-step input without fields',
      { isMultiStepInput: true, inputSteps: [{ id: 's1', title: 'One' }] },
      400,
      'field/multi-step-needs-field',
      'Add a field before turning on multi-step input',
      'app.isMultiStepInput',
    ],
    [
      'a field in a step that does not exist',
      { inputSteps: [{ id: 's1', title: 'One' }], fields: [field('a', { stepId: 's2' })] },
      400,
      'field/step-unknown',
      'A field belongs to a step that does not exist',
      'app.fields.0.stepId',
    ],
  ])('refuses %s on lite and keeps what was saved', async (_what, app, status, code, message, at) => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    await expectError(await saveDefinition(idToken, appId, app), status, code, message, at);
    const saved = await getApp(appId, idToken);
    expect(saved.header).toBe('Slogan maker');
    expect(saved.tools[0].app.fields.map((f: { name: string }) => f.name)).toEqual(['topic']);
  });

  it.each([
    ['too many fields before a reserved name', [...tenFields, field('input')], 'field/too-many'],
    ['a reserved name before a long name', [field('n'.repeat(41)), field('input')], 'field/reserved-name'],
    [
      'a long name before a duplicate',
      [field('a'), field('A'), field('n'.repeat(41))],
      'field/name-too-long',
    ],
    [
      'a duplicate before an empty option',
      [field('a', { options: [{ label: '' }] }), field('A')],
      'field/already-exists',
    ],
    [
      'an empty option before an admin-only type',
      [field('w', { type: 'place' }), field('a', { options: [{ label: '' }] })],
      'field/option-empty',
    ],
    [
      'an admin-only type before a paid-only type',
      [field('p', { type: 'photo' }), field('w', { type: 'place' })],
      'field/type-admin-only',
    ],
    [
      'a paid-only type before an unknown step',
      [field('a', { stepId: 'nope' }), field('p', { type: 'photo' })],
      'field/type-paid-only',
    ],
  ])('checks in the contract order: %s', async (_what, fields, code) => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const res = await saveDefinition(idToken, appId, { fields });
    expect((await json(res)).error.code).toBe(code);
  });

  it('stores email fields as personal, the default placeholder as empty, and tidied examples', async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const res = await saveDefinition(idToken, appId, {
      inputPlaceholder: 'Type here...',
      examples: ['  soup ', '', '   ', 'salad'],
      fields: [field('mail', { type: 'email', personal: false }), field('topic')],
    });
    expect(res.status).toBe(200);
    const tool = (await json(res)).tools[0];
    expect(tool.app.inputPlaceholder).toBe('');
    expect(tool.app.examples).toEqual(['soup', 'salad']);
    expect(tool.app.fields[0]).toMatchObject({ name: 'mail', type: 'email', personal: true });
    expect(tool.app.fields[1].personal).toBe(false);

    const other = await saveDefinition(idToken, appId, { inputPlaceholder: 'Ask me anything' });
    expect((await json(other)).tools[0].app.inputPlaceholder).toBe('Ask me anything');
    const tooMany = await saveDefinition(idToken, appId, { examples: ['a', 'b', 'c', 'd'] });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error).toMatchObject({ code: 'request/invalid', field: 'app.examples' });
  });

  it('lets a paid plan use photo fields and an admin use every type', async () => {
    const explorer = await builderOn('explorer');
    const a = await makeTool(server, explorer.idToken);
    expect(
      (await saveDefinition(explorer.idToken, a.appId, { fields: [field('pic', { type: 'photo' })] })).status,
    ).toBe(200);
    await expectError(
      await saveDefinition(explorer.idToken, a.appId, { fields: [field('w', { type: 'place' })] }),
      403,
      'field/type-admin-only',
      'This field type is available to admins only',
    );
    // the admin is on lite, and still never held to the plan's field rules
    const b = await makeTool(server, adminToken);
    const res = await saveDefinition(adminToken, b.appId, {
      isMultiStepInput: true,
      inputSteps: [{ id: 's1', title: 'Where' }],
      fields: [
        field('w', { type: 'place', stepId: 's1' }),
        field('pic', { type: 'photo' }),
        field('item', { type: 'tool_item_select' }),
      ],
    });
    expect(res.status).toBe(200);
    expect((await json(res)).tools[0].app.fields.map((f: { type: string }) => f.type)).toEqual([
      'place',
      'photo',
      'tool_item_select',
    ]);
  });

  it('applies the same checks to PUT /api/apps/{appId}/tools/{toolId}', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    const toolId = await addTool(server, idToken, appId, 'Recipes', 'recipes');
    const put = (app: Record<string, unknown>) =>
      send('PUT', `/api/apps/${appId}/tools/${toolId}`, idToken, app);
    await expectError(
      await put({ header: 'Recipes', fields: [field('input')] }),
      400,
      'field/reserved-name',
      'Input is a reserved field name, try another name',
      'fields.0.name',
    );
    await expectError(
      await put({ header: 'Recipes', fields: [field('pic', { type: 'photo' })] }),
      403,
      'field/type-paid-only',
      'Photo fields are available on paid plans',
    );
    const ok = await put({
      header: 'Dinner ideas',
      gptPrompt: 'Suggest a dinner with {{mail}}',
      inputPlaceholder: 'Type here...',
      fields: [field('mail', { type: 'email' })],
    });
    expect(ok.status).toBe(200);
    const { tool } = await json(ok);
    expect(tool).toMatchObject({ toolId, title: 'Dinner ideas', path: 'recipes' });
    expect(tool.app).toMatchObject({ header: 'Dinner ideas', gptPrompt: 'Suggest a dinner with {{mail}}' });
    expect(tool.app.inputPlaceholder).toBe('');
    expect(tool.app.fields[0].personal).toBe(true);
    // a generated app's header is its own, not its tools'
    expect((await getApp(appId, idToken)).header).toBe('');
  });
});

// ---- style ---------------------------------------------------------------------------------------------------------

describe('POST /api/apps/{appId}/style', () => {
  const style = {
    styleName: 'dark',
    backgroundColor: '#101010',
    logoUrl: 'https://example.com/logo.png',
    buttonBackgroundColor: '#ff8800',
  };

  it('saves the style, shows it to the public, and keeps hiding the watermark for admins', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const res = await post(`/api/apps/${appId}/style`, idToken, { appStyle: style });
    expect(res.status).toBe(200);
    expect((await json(res)).appStyle).toMatchObject({ ...style, hideBuildAI: false, headerTextColor: '' });
    await activateAndPublish(server, idToken, appId, toolId);
    expect((await getApp(appId)).appStyle).toMatchObject(style);

    await expectError(
      await post(`/api/apps/${appId}/style`, idToken, { appStyle: { ...style, hideBuildAI: true } }),
      403,
      'settings/admin-only',
      'Only admins can change this setting',
      'appStyle.hideBuildAI',
    );
    await expectError(
      await post(`/api/apps/${appId}/style`, idToken, { appStyle: { ...style, backgroundColor: 'red' } }),
      400,
      'request/invalid',
      'appStyle.backgroundColor: Colours are #rrggbb',
      'appStyle.backgroundColor',
    );
    expect((await getApp(appId, idToken)).appStyle).toMatchObject({ ...style, hideBuildAI: false });

    // the whole object with the watermark setting as stored passes
    const same = await post(`/api/apps/${appId}/style`, idToken, {
      appStyle: { ...style, hideBuildAI: false },
    });
    expect(same.status).toBe(200);

    const admin = await makeTool(server, adminToken);
    const hidden = await post(`/api/apps/${admin.appId}/style`, adminToken, {
      appStyle: { hideBuildAI: true },
    });
    expect((await json(hidden)).appStyle.hideBuildAI).toBe(true);
    expect((await getApp(admin.appId, adminToken)).appStyle.hideBuildAI).toBe(true);
  });

  it('keeps what the client left out', async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    await post(`/api/apps/${appId}/style`, idToken, { appStyle: style });
    const res = await post(`/api/apps/${appId}/style`, idToken, { appStyle: { headerTextColor: '#222222' } });
    expect((await json(res)).appStyle).toMatchObject({ ...style, headerTextColor: '#222222' });
  });

  it("moves the app's updatedAt to the time of the save, and the other apps' stay", async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const other = await makeTool(server, idToken);
    const before = (await getApp(appId, idToken)).updatedAt as string;
    const otherBefore = (await getApp(other.appId, idToken)).updatedAt as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const sentAt = Date.now();
    expect((await post(`/api/apps/${appId}/style`, idToken, { appStyle: style })).status).toBe(200);
    const after = Date.parse((await getApp(appId, idToken)).updatedAt as string);
    expect(after).toBeGreaterThan(Date.parse(before));
    expect(after).toBeGreaterThanOrEqual(sentAt);
    expect(after).toBeLessThanOrEqual(Date.now());
    expect((await getApp(other.appId, idToken)).updatedAt).toBe(otherBefore);
  });
});

// ---- settings ------------------------------------------------------------------------------------------------------

describe('POST /api/apps/{appId}/settings', () => {
  const saveSettings = (token: string, appId: string, appSettings: Record<string, unknown>) =>
    post(`/api/apps/${appId}/settings`, token, { appSettings });

  it('locks run settings on lite, but takes the whole object back unchanged and the signup settings', async () => {
    const { idToken } = await builderOn('lite');
    const { appId } = await makeTool(server, idToken);
    const current = (await getApp(appId, idToken)).appSettings;
    expect(current).toMatchObject({ aiModel: 'gpt-4o-mini', modelTemperature: 0.7, creditsPerRun: 1 });

    for (const [key, value] of [
      ['dailyUserLimit', 5],
      ['weeklyUserLimit', 20],
      ['isProTool', true],
      ['aiModel', 'gpt-4o'],
      ['creditsPerRun', 2],
    ] as const) {
      await expectError(
        await saveSettings(idToken, appId, { ...current, [key]: value }),
        403,
        'settings/locked',
        'Upgrade your plan to edit tool settings',
        `appSettings.${key}`,
      );
    }
    const res = await saveSettings(idToken, appId, {
      ...current,
      termsOfServiceLink: 'https://a.example/terms',
    });
    expect(res.status).toBe(200);
    expect((await json(res)).appSettings).toEqual({
      ...current,
      termsOfServiceLink: 'https://a.example/terms',
    });
  });

  it('lets a paid plan set limits but not the admin-only settings', async () => {
    const { idToken } = await builderOn('explorer');
    const { appId } = await makeTool(server, idToken);
    const current = (await getApp(appId, idToken)).appSettings;
    const res = await saveSettings(idToken, appId, {
      ...current,
      dailyUserLimit: 5,
      weeklyUserLimit: 20,
      isProTool: true,
    });
    expect((await json(res)).appSettings).toMatchObject({
      dailyUserLimit: 5,
      weeklyUserLimit: 20,
      isProTool: true,
    });

    for (const [key, value] of [
      ['aiModel', 'gpt-4o'],
      ['modelTemperature', 1],
      ['aiQueryMethod', 'vector'],
      ['creditsPerRun', 3],
      ['isClaimable', true],
      ['isToolTemplate', true],
      ['templateCategories', ['Writing']],
      ['userCanEditResults', true],
    ] as const) {
      await expectError(
        await saveSettings(idToken, appId, { ...current, [key]: value }),
        403,
        'settings/admin-only',
        'Only admins can change this setting',
        `appSettings.${key}`,
      );
    }
    // only what was sent changes; the rest stays as stored
    const partial = await saveSettings(idToken, appId, { dailyUserLimit: null });
    expect((await json(partial)).appSettings).toMatchObject({ dailyUserLimit: null, weeklyUserLimit: 20 });
  });

  it('compares an admin-only setting with the stored value, not the default', async () => {
    const { idToken } = await builderOn('explorer');
    const { appId } = await makeTool(server, idToken);
    // e.g. set while the app belonged to an admin
    await server.platform.db
      .update(schema.apps)
      .set({ appSettings: { aiModel: 'gpt-4o', modelTemperature: 0.3 } })
      .where(eq(schema.apps.appId, appId));
    const current = (await getApp(appId, idToken)).appSettings;
    expect(current).toMatchObject({ aiModel: 'gpt-4o', modelTemperature: 0.3 });
    expect((await saveSettings(idToken, appId, { ...current, weeklyUserLimit: 9 })).status).toBe(200);
    await expectError(
      await saveSettings(idToken, appId, { ...current, aiModel: 'gpt-4o-mini' }),
      403,
      'settings/admin-only',
      'Only admins can change this setting',
      'appSettings.aiModel',
    );
  });

  it('lets an admin change everything within the ranges', async () => {
    const { appId } = await makeTool(server, adminToken);
    const res = await saveSettings(adminToken, appId, {
      aiModel: 'gpt-4o',
      modelTemperature: 1.3,
      aiQueryMethod: 'fulltext',
      creditsPerRun: 0,
      dailyUserLimit: 100,
      weeklyUserLimit: 1,
      userCanEditResults: true,
    });
    expect(res.status).toBe(200);
    expect((await json(res)).appSettings).toMatchObject({
      aiModel: 'gpt-4o',
      modelTemperature: 1.3,
      aiQueryMethod: 'fulltext',
      creditsPerRun: 0,
      dailyUserLimit: 100,
      weeklyUserLimit: 1,
    });

    for (const [key, value] of [
      ['modelTemperature', 2.1],
      ['modelTemperature', -0.1],
      ['modelTemperature', 0.15],
      ['dailyUserLimit', 0],
      ['weeklyUserLimit', 101],
      ['dailyUserLimit', 2.5],
      ['creditsPerRun', 21],
      ['creditsPerRun', -1],
      ['aiQueryMethod', 'magic'],
    ] as const) {
      const bad = await saveSettings(adminToken, appId, { [key]: value });
      expect(bad.status).toBe(400);
      expect((await json(bad)).error).toMatchObject({ code: 'request/invalid', field: `appSettings.${key}` });
    }
    expect((await getApp(appId, adminToken)).appSettings.modelTemperature).toBe(1.3);
  });

  it('checks template categories after trimming, whatever their case', async () => {
    const { appId } = await makeTool(server, adminToken);
    await expectError(
      await saveSettings(adminToken, appId, { templateCategories: ['Writing', '   '] }),
      400,
      'settings/category-empty',
      'Category name cannot be empty',
      'appSettings.templateCategories.1',
    );
    await expectError(
      await saveSettings(adminToken, appId, { templateCategories: ['Writing', ' writing '] }),
      400,
      'settings/category-exists',
      'Category already exists',
      'appSettings.templateCategories.1',
    );
    const ok = await saveSettings(adminToken, appId, { templateCategories: ['  Writing ', 'Code'] });
    expect((await json(ok)).appSettings.templateCategories).toEqual(['Writing', 'Code']);
  });

  it('turns user signup on only for a published app with its links', async () => {
    const { idToken } = await builderOn('lite');
    const { appId, toolId } = await makeTool(server, idToken);
    const links = {
      termsOfServiceLink: 'https://a.example/terms',
      privacyPolicyLink: 'https://a.example/privacy',
      supportEmail: 'help@a.example',
    };
    await expectError(
      await saveSettings(idToken, appId, { isSignupEnabled: true, ...links }),
      400,
      'settings/signup-needs-publish',
      'Publish your app or set a custom domain before enabling user signup',
    );
    await activateAndPublish(server, idToken, appId, toolId);
    for (const missing of Object.keys(links)) {
      await expectError(
        await saveSettings(idToken, appId, { isSignupEnabled: true, ...links, [missing]: ' ' }),
        400,
        'settings/signup-needs-links',
        'User signup needs a terms of service link, a privacy policy link and a support email',
        `appSettings.${missing}`,
      );
    }
    const config = async () => json(await server.request(`/api/live_api/auth/config?appId=${appId}`));
    expect((await config()).signUpEnabled).toBe(false);
    expect((await saveSettings(idToken, appId, { isSignupEnabled: true, ...links })).status).toBe(200);
    expect((await config()).signUpEnabled).toBe(true);
    // the public sees the signup settings and none of the run settings it does not need
    const pub = (await getApp(appId)).appSettings;
    expect(pub).toMatchObject({ isSignupEnabled: true, ...links, creditsPerRun: 1 });
    expect(pub.aiModel).toBeUndefined();
    // clearing a link while signup is on is refused too
    expect((await saveSettings(idToken, appId, { supportEmail: '' })).status).toBe(400);
  });
});

// ---- ownership and change announcements -------------------------------------------------------------------------

describe("another builder's app", () => {
  it('answers 404 on every builder call and changes nothing', async () => {
    const owner = await builderOn('explorer');
    const appId = await makeGeneratedApp(server, owner.idToken);
    const toolId = await addTool(server, owner.idToken, appId, 'Recipes', 'recipes');
    const before = await getApp(appId, owner.idToken);
    const { idToken: other } = await builderOn('moon');
    const mine = await makeGeneratedApp(server, other);

    const calls: [string, string, unknown?][] = [
      ['POST', `/api/apps/${appId}/style`, { appStyle: { styleName: 'dark' } }],
      ['POST', `/api/apps/${appId}/settings`, { appSettings: { dailyUserLimit: 3 } }],
      ['POST', `/api/apps/${appId}/tools`, { title: 'Mine', path: 'mine' }],
      ['PUT', `/api/apps/${appId}/tools/${toolId}`, { header: 'Hijacked' }],
      ['PATCH', `/api/apps/${appId}/tools/${toolId}`, { title: 'Hijacked' }],
      ['DELETE', `/api/apps/${appId}/tools/${toolId}`],
      ['POST', `/api/apps/${appId}/tools/order`, { toolIds: [toolId] }],
      ['POST', `/api/apps/${appId}/tools/${toolId}/status`, { status: 'active' }],
      ['DELETE', `/api/apps/${appId}/tools/${toolId}/image`],
      ['POST', `/api/apps/${appId}/tools/fromTemplate`, { templateAppId: appId, toolId }],
      [
        'POST',
        '/api/builder/magicCreate',
        { appId, toolId, input: 'a field', magicType: 'field', prompt: '' },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await send(method, path, other, body);
      expect({ path, method, status: res.status, code: (await json(res)).error?.code }).toEqual({
        path,
        method,
        status: 404,
        code: 'app/not-found',
      });
    }
    for (const path of [`/api/apps/${appId}/tools/${toolId}/image`, `/api/apps/${appId}/images?kind=logo`]) {
      const res = await uploadFile(server, other, path, TINY_PNG);
      expect([path, res.status, (await json(res)).error.code]).toEqual([path, 404, 'app/not-found']);
    }
    // the owner's tool, named through the other builder's own app, is not found either
    for (const [method, path, body] of [
      ['PUT', `/api/apps/${mine}/tools/${toolId}`, { header: 'Hijacked' }],
      ['PATCH', `/api/apps/${mine}/tools/${toolId}`, { path: 'x' }],
      ['DELETE', `/api/apps/${mine}/tools/${toolId}`],
      ['POST', `/api/apps/${mine}/tools/${toolId}/status`, { status: 'active' }],
      ['DELETE', `/api/apps/${mine}/tools/${toolId}/image`],
    ] as const) {
      const res = await send(method, path, other, body);
      expect([path, method, res.status, (await json(res)).error.code]).toEqual([
        path,
        method,
        404,
        'tool/not-found',
      ]);
    }
    const res = await uploadFile(server, other, `/api/apps/${mine}/tools/${toolId}/image`, TINY_PNG);
    expect(res.status).toBe(404);

    expect(await getApp(appId, owner.idToken)).toEqual(before);
  });

  it('needs a signed-in builder', async () => {
    const { idToken } = await builderOn('lite');
    const appId = await makeGeneratedApp(server, idToken);
    for (const [method, path] of [
      ['POST', `/api/apps/${appId}/style`],
      ['POST', `/api/apps/${appId}/settings`],
      ['POST', `/api/apps/${appId}/tools`],
      ['GET', '/api/apps/templates'],
      ['POST', '/api/builder/magicCreate'],
    ]) {
      const res = await send(method!, path!, undefined, method === 'GET' ? undefined : {});
      expect([path, res.status]).toEqual([path, 401]);
    }
  });
});

describe('change announcements', () => {
  it('announces every change to an app, so cached copies of it are dropped', async () => {
    const { idToken } = await builderOn('explorer');
    const appId = await makeGeneratedApp(server, idToken);
    const heard: string[] = [];
    const stop = await server.services.appChanges.subscribe((id) => {
      if (id === appId) heard.push(id);
    });
    try {
      const expectAnnounced = async (what: string, call: () => Promise<Response>, status = 200) => {
        const count = heard.length;
        const res = await call();
        expect([what, res.status]).toEqual([what, status]);
        expect([what, heard.length]).toEqual([what, count + 1]);
        return res;
      };
      const created = await expectAnnounced(
        'create tool',
        () => post(`/api/apps/${appId}/tools`, idToken, { title: 'One', path: 'one' }),
        201,
      );
      const { toolId } = await json(created);
      const second = await addTool(server, idToken, appId, 'Two', 'two');
      await expectAnnounced('style', () => post(`/api/apps/${appId}/style`, idToken, { appStyle: {} }));
      await expectAnnounced('settings', () =>
        post(`/api/apps/${appId}/settings`, idToken, { appSettings: { dailyUserLimit: 2 } }),
      );
      await expectAnnounced('put', () =>
        send('PUT', `/api/apps/${appId}/tools/${toolId}`, idToken, { header: 'Uno' }),
      );
      await expectAnnounced('patch', () =>
        send('PATCH', `/api/apps/${appId}/tools/${toolId}`, idToken, { path: 'uno' }),
      );
      await expectAnnounced('order', () =>
        post(`/api/apps/${appId}/tools/order`, idToken, { toolIds: [second, toolId] }),
      );
      await expectAnnounced('status', () =>
        post(`/api/apps/${appId}/tools/${toolId}/status`, idToken, { status: 'active' }),
      );
      await expectAnnounced('image', () =>
        uploadFile(server, idToken, `/api/apps/${appId}/tools/${toolId}/image`, TINY_PNG),
      );
      await expectAnnounced('remove image', () =>
        send('DELETE', `/api/apps/${appId}/tools/${toolId}/image`, idToken),
      );
      await expectAnnounced(
        'delete',
        () => send('DELETE', `/api/apps/${appId}/tools/${second}`, idToken),
        204,
      );
      // a refused change announces nothing
      const count = heard.length;
      expect((await post(`/api/apps/${appId}/tools`, idToken, { title: 'Bad', path: 'no way' })).status).toBe(
        400,
      );
      expect(heard.length).toBe(count);
    } finally {
      await stop();
    }
  });
});
