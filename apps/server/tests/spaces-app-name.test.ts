import { describe, expect, it } from 'vitest';
import { type FakeLlm, type TestServer } from '@buildai/testkit';
import { chatTurn, getJson, newSpaceApp, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const headerOf = async (appId: string) =>
  ((await getJson(server, '/api/apps', token)).apps as { appId: string; header: string }[]).find(
    (a) => a.appId === appId,
  )?.header;

describe('a new app is named from its first request (issue 32, item 8)', () => {
  it('takes its name from the first request, and a later request or a fix does not rename it', async () => {
    const appId = await newSpaceApp(server, token);
    expect(await headerOf(appId)).toBe('');
    llm.enqueue([{ text: 'Started.' }]);
    await chatTurn(server, appId, 'Build me a habit tracker with streaks. Each habit has a colour.', {
      token,
    });
    expect(await headerOf(appId)).toBe('Habit tracker with streaks');

    llm.enqueue([{ text: 'Done.' }]);
    await chatTurn(server, appId, 'Make a weekly summary page', { token });
    expect(await headerOf(appId)).toBe('Habit tracker with streaks');
  });

  it('keeps a name the builder gave before the first request, and a fix request names nothing', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([{ text: 'Fixed.' }]);
    await chatTurn(server, appId, 'Fix the error in pages/Home.tsx', { token, system: 'fix' });
    expect(await headerOf(appId)).toBe('');

    const saved = await server.request('/api/apps', {
      method: 'POST',
      token,
      json: { appType: 'generated', appId, genApp: { header: 'Team lunches', description: '' } },
    });
    expect(saved.status).toBe(200);
    llm.enqueue([{ text: 'Sure.' }]);
    await chatTurn(server, appId, 'Create a lunch poll with votes', { token });
    expect(await headerOf(appId)).toBe('Team lunches');
  });
});
