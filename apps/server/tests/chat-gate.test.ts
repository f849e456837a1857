import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { warmValidation } from '../src/features/app-validation';
import { fakeLlmConfig } from './helpers';
import { chatTurn, getJson, newSpaceApp } from './spaces-helpers';

// The chat's gate (issue 30, decision 0013): the validation detectors run at the end of a space app's turn and
// their errors are in the answer's annotation, where the issues panel and the autofix read them.
let llm: FakeLlm;
let server: TestServer;
let token: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({ ...fakeLlmConfig(llm), CHAT_VALIDATION: 'on' });
  token = (await signUpBuilder(server)).idToken;
  // as the server does once it listens: the compiler loads before the first turn
  await warmValidation();
}, 90_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});
afterEach(() => llm.reset());

const PAGE_WITH_UNKNOWN_ICON = `import { Hart } from "lucide-react";

export default function Home() {
  return <main className="p-8"><Hart className="size-4" /> Liked</main>;
}
`;

/** One scripted turn that writes `content` to pages/Home.tsx; answers the turn's final annotation. */
async function turnWriting(appId: string, content: string) {
  llm.enqueue([
    { toolCalls: [{ name: 'add_file', arguments: { path: 'pages/Home.tsx', content } }] },
    { text: 'Done.' },
  ]);
  const chunks = await chatTurn(server, appId, 'Write the home page', { token });
  const finish = chunks.find((c) => c.type === 'finish') as { messageMetadata: Record<string, unknown> };
  return finish.messageMetadata;
}

describe("the chat's gate", () => {
  it('puts the errors the detectors find in the turn’s annotation, stored with the message', async () => {
    const appId = await newSpaceApp(server, token);
    const annotation = await turnWriting(appId, PAGE_WITH_UNKNOWN_ICON);
    const issue = {
      file: 'pages/Home.tsx',
      line: 1,
      message: '"Hart" is not an icon of lucide-react (did you mean "Heart"?)',
      detectorId: 'icons',
      componentName: 'Home',
    };
    expect(annotation.validationIssues).toEqual([issue]);
    // the stored answer carries it too (a reload shows the same issues)
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    const answer = (messages as { role: string; annotations: Record<string, unknown>[] }[]).at(-1)!;
    expect(answer.role).toBe('assistant');
    expect(answer.annotations[0]!.validationIssues).toEqual([issue]);
  });

  it('adds nothing when the files are fine, and leaves warnings to the tester', async () => {
    const appId = await newSpaceApp(server, token);
    const annotation = await turnWriting(
      appId,
      `import { Heart, Star } from "lucide-react";

export default function Home() {
  return <main className="p-8"><Heart className="size-4" /> Liked</main>;
}
`,
    );
    // Star is imported for nothing: a warning, not an error
    expect(annotation).not.toHaveProperty('validationIssues');
  });

  it('judges the files as the turn left them, not as an earlier step did', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      {
        toolCalls: [
          { name: 'add_file', arguments: { path: 'pages/Home.tsx', content: PAGE_WITH_UNKNOWN_ICON } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            arguments: {
              path: 'pages/Home.tsx',
              content: PAGE_WITH_UNKNOWN_ICON.replaceAll('Hart', 'Heart'),
            },
          },
        ],
      },
      { text: 'Fixed the icon too.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Write the home page', { token });
    const finish = chunks.find((c) => c.type === 'finish') as { messageMetadata: Record<string, unknown> };
    expect(finish.messageMetadata.versionId).toEqual(expect.any(String));
    expect(finish.messageMetadata).not.toHaveProperty('validationIssues');
  });

  it('does not run on a turn that changed no file', async () => {
    const appId = await newSpaceApp(server, token);
    await turnWriting(appId, PAGE_WITH_UNKNOWN_ICON);
    llm.enqueue([{ text: 'Nothing to change.' }]);
    const chunks = await chatTurn(server, appId, 'Just say hello', { token });
    const finish = chunks.find((c) => c.type === 'finish') as { messageMetadata: Record<string, unknown> };
    expect(finish.messageMetadata).not.toHaveProperty('validationIssues');
  });
});
