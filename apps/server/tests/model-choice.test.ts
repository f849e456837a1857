import { describe, expect, it } from 'vitest';
import { chatTurn, newSpaceApp, useChatServer, type ChatServer } from './spaces-helpers';

let s: ChatServer;
useChatServer((started) => (s = started), 'chooser@example.com');

const modelsAsked = () =>
  s.llm.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => (r.body as { model: string }).model);

// One rule picks the model of an app (spec 000 §3): the builder's choice in the app's settings, else the operator's
// default. Tool runs, the assistant and magic create have their own tests of it; this is the space chat's.
describe("the space chat asks the app's model", () => {
  it("asks the model chosen in the app's settings", async () => {
    const appId = await newSpaceApp(s.server, s.token);
    const saved = await s.server.request(`/api/apps/${appId}/settings`, {
      method: 'POST',
      token: s.token,
      json: { appSettings: { aiModel: 'gpt-4o' } },
    });
    expect(saved.status).toBe(200);
    s.llm.enqueue({ text: 'Hello, what shall we build?' });
    const chunks = await chatTurn(s.server, appId, 'Hi', { token: s.token });
    expect(modelsAsked()).toEqual(['gpt-4o']);
    // the turn's annotation names it too
    expect(JSON.stringify(chunks)).toContain('"model":"gpt-4o"');
  });

  it("asks the operator's default when the builder chose none", async () => {
    const appId = await newSpaceApp(s.server, s.token);
    s.llm.enqueue({ text: 'Hello' });
    await chatTurn(s.server, appId, 'Hi', { token: s.token });
    expect(modelsAsked()).toEqual(['gpt-4o-mini']);
  });
});
