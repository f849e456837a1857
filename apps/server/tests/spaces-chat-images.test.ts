import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { fakeLlmConfig } from './helpers';
import { getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

// Images in the chat (spec 001 §3: file parts with mimeType and base64 data, or attachments with name, url and
// contentType): a screenshot reaches the model as an image, is stored with the message and shown in its history;
// what is not an image, too large or too many is refused and nothing is kept (decision 0012, "Images in the chat").

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

/** A real 1×1 PNG and a real 1×1 GIF. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

function send(appId: string, message: Record<string, unknown>, as = token) {
  return server.request(`/api/apps/${appId}/chat`, {
    method: 'POST',
    token: as,
    json: { message: { role: 'user', ...message } },
  });
}

/** The content parts of the newest user message the model was sent (OpenAI's chat format). */
function lastUserContent(): unknown {
  const body = llm.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
  return body.messages.filter((m) => m.role === 'user').at(-1)!.content;
}

describe('images in the chat', () => {
  it('sends the image to the model, stores it with the message and serves it for the history', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ text: 'I will build this page.' });
    const res = await send(appId, {
      parts: [
        { type: 'text', text: 'Build this page' },
        { type: 'file', mimeType: 'image/png', data: PNG },
      ],
    });
    expect(res.status).toBe(200);
    await readUiChunks(res);
    expect(lastUserContent()).toEqual([
      { type: 'text', text: 'Build this page' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    ]);
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    const parts = messages[0].parts as { type: string; mediaType?: string; url?: string; text?: string }[];
    expect(parts[0]).toEqual({ type: 'text', text: 'Build this page' });
    expect(parts[1]).toMatchObject({ type: 'file', mediaType: 'image/png' });
    expect(parts[1]!.url).toMatch(
      /^\/api\/files\/accounts\/[A-Za-z0-9]+\/apps\/[A-Za-z0-9]+\/chat\/image-[A-Za-z0-9]+\.png$/,
    );
    const image = await server.request(parts[1]!.url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).toString('base64')).toBe(PNG);
    // nothing of the image is in the stored text, and the next turn's history carries the text only
    expect(messages[0].content).toBe('Build this page');
  });

  it("takes the AI SDK's file parts and the spec's attachments, and a message of an image alone", async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue({ text: 'Done.' });
    const res = await send(appId, {
      parts: [
        { type: 'file', mediaType: 'image/gif', url: `data:image/gif;base64,${GIF}`, filename: 'a.gif' },
      ],
      experimental_attachments: [
        { name: 'shot.png', url: `data:image/png;base64,${PNG}`, contentType: 'image/png' },
      ],
    });
    expect(res.status).toBe(200);
    await readUiChunks(res);
    const content = lastUserContent() as { type: string }[];
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url', 'image_url']);
    const { messages } = await getJson(server, `/api/apps/${appId}/chat/messages`, token);
    expect(messages[0].parts.map((p: { type: string; filename?: string }) => [p.type, p.filename])).toEqual([
      ['file', 'a.gif'],
      ['file', 'shot.png'],
    ]);
  });

  it('refuses what is not an image, an image that is not what it says, too many, and changes nothing', async () => {
    const appId = await newSpaceApp(server, token);
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          parts: [
            { type: 'text', text: 'x' },
            { type: 'file', mimeType: 'text/plain', data: 'aGVsbG8=' },
          ],
        },
        'A chat message may carry images only (PNG, JPEG, WebP or GIF)',
      ],
      [
        {
          parts: [
            { type: 'text', text: 'x' },
            { type: 'file', mimeType: 'image/png', data: 'aGVsbG8gd29ybGQ=' },
          ],
        },
        'An image of the message is not a PNG, JPEG, WebP or GIF image',
      ],
      [
        { parts: [{ type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png' }] },
        'An image must be sent in the message (base64 data or a data: URL)',
      ],
      [
        {
          parts: [
            { type: 'text', text: 'x' },
            ...Array.from({ length: 5 }, () => ({ type: 'file', mimeType: 'image/png', data: PNG })),
          ],
        },
        'A message may carry at most 4 images',
      ],
    ];
    for (const [message, expected] of cases) {
      const res = await send(appId, message);
      expect(res.status, expected).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(expected);
    }
    expect((await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('a model that does not read images', () => {
  let textLlm: FakeLlm;
  let textServer: TestServer;
  beforeAll(async () => {
    textLlm = await startFakeLlm({ apiKey: 'test-key' });
    textServer = await startTestServer({ ...fakeLlmConfig(textLlm), AI_DEFAULT_MODEL: 'gpt-3.5-turbo' });
  }, 60_000);
  afterAll(async () => {
    await textServer?.close();
    await textLlm?.close();
  });

  it('is told clearly, before anything is stored or sent', async () => {
    const builder = (await signUpBuilder(textServer)).idToken;
    const appId = await newSpaceApp(textServer, builder);
    const res = await textServer.request(`/api/apps/${appId}/chat`, {
      method: 'POST',
      token: builder,
      json: {
        message: {
          role: 'user',
          parts: [
            { type: 'text', text: 'Like this' },
            { type: 'file', mimeType: 'image/png', data: PNG },
          ],
        },
      },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'space/model-no-vision',
      message:
        'The AI model gpt-3.5-turbo does not read images: choose one that does (for example GPT-4o, Claude or Gemini), or describe the design in words',
    });
    expect(textLlm.requests).toHaveLength(0);
    expect((await getJson(textServer, `/api/apps/${appId}/chat/messages`, builder)).messages).toEqual([]);
  });
});
