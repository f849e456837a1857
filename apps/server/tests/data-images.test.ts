import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { newApp, putEntity, recordsUrl } from './entities-helpers';
import { json, TINY_PNG, uploadFile } from './helpers';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUpBuilder(server)).idToken;
}, 60_000);
afterAll(() => server?.close());

const photoEntity = (read: string) => ({
  type: 'object',
  properties: { title: { type: 'string' }, image: { type: 'string' } },
  'x-accessControl': { permissions: { read, write: 'creator' } },
});

/** An app with a Photo entity (`read` for its records) and one record whose image cell holds an uploaded image. */
async function photoApp(read: string) {
  const appId = await newApp(server, token);
  await putEntity(server, token, appId, 'Photo', photoEntity(read));
  const upload = await uploadFile(server, token, `/api/apps/${appId}/images?kind=data`, TINY_PNG);
  expect(upload.status).toBe(200);
  const { url } = await json(upload);
  const created = await server.request(recordsUrl(appId, 'Photo'), {
    method: 'POST',
    token,
    json: { title: 'Sunset', image: url },
  });
  expect(created.status).toBe(201);
  return { appId, url: url as string, record: await json(created) };
}

describe("an image cell's image in the app's frame (issue 32, item 7)", () => {
  it('is served to the frame by a signed link on the app origin, as readable as the record', async () => {
    const { appId, url, record } = await photoApp('creator');
    // the cell stores the product's URL, which the app origin does not serve
    expect(url).toMatch(/^\/api\/files\/accounts\/\w+\/apps\/\w+\/data\/image-\w+\.png$/);
    expect((await server.appRequest(url)).status).toBe(404);

    const link = new URL(record.image as string);
    expect(link.origin).toBe(server.appOrigin);
    expect(link.pathname).toMatch(new RegExp(`^/apps/${appId}/files/\\w+/image-\\w+\\.png$`));
    const listed = await json(await server.request(recordsUrl(appId, 'Photo'), { token }));
    expect(listed.records[0].image).toBe(record.image);

    const image = await server.appRequest(link.pathname + link.search);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(TINY_PNG);

    // nothing else: a changed signature, another app's path, no signature
    const tampered = link.search.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await server.appRequest(link.pathname + tampered)).status).toBe(404);
    expect((await server.appRequest(link.pathname)).status).toBe(404);
    const other = await newApp(server, token);
    expect((await server.appRequest(link.pathname.replace(appId, other) + link.search)).status).toBe(404);

    // a visitor who may not read the record is given no link
    expect((await server.request(recordsUrl(appId, 'Photo'))).status).toBe(200);
    expect((await json(await server.request(recordsUrl(appId, 'Photo')))).records).toEqual([]);
  }, 60_000);

  it('a record sent back with the link stores the cell URL again', async () => {
    const { appId, url, record } = await photoApp('anonymous');
    const anonymous = await json(await server.request(recordsUrl(appId, 'Photo', `/${record.id}`)));
    expect(new URL(anonymous.image as string).origin).toBe(server.appOrigin);
    const patched = await server.request(recordsUrl(appId, 'Photo', `/${record.id}`), {
      method: 'PATCH',
      token,
      json: { title: 'Dawn', image: record.image },
    });
    expect(patched.status).toBe(200);
    const [row] = await server.platform.db
      .select()
      .from(schema.appRecords)
      .where(eq(schema.appRecords.id, record.id as string));
    expect(row!.data).toMatchObject({ title: 'Dawn', image: url });
  }, 60_000);

  it("the app document's policy lets its images load from the app origin", async () => {
    const res = await server.appRequest('/apps/nothing-here');
    expect(res.headers.get('content-security-policy')).toContain('img-src https: data: blob:');
    const doc = await server.request(`/api/apps/${await newApp(server, token)}/preview-token`, {
      method: 'POST',
      token,
    });
    const { url } = await json(doc);
    const preview = await server.appRequest(new URL(url as string).pathname + new URL(url as string).search);
    expect(preview.headers.get('content-security-policy')).toContain(
      `img-src https: data: blob: ${server.appOrigin}`,
    );
  }, 60_000);
});
