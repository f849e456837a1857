import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, type TestServer } from '@buildai/testkit';
import { expectError, json, makeTool } from './helpers';
import { putEntity, recordsUrl } from './entities-helpers';
import { getInvitation, publishedApp, type Builder, useClaimServer } from './claims-helpers';

let server: TestServer;
let admin: Builder;
useClaimServer((s, a) => {
  server = s;
  admin = a;
});

const as = (builder: Builder | null, path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { ...init, token: builder?.idToken });
const add = (owner: Builder | null, appId: string, email: string) =>
  as(owner, `/api/apps/${appId}/collaborators`, { method: 'POST', json: { email } });

/** Links already handed out: an invitation mailed earlier to the same address is never taken for a new one. */
const handedOut = new Set<string>();
/**
 * The link of the newest invitation mailed to the address (dev outbox) that was not handed out before: the
 * mail is written after the invite answers, so the previous invitation may still be the newest for a moment.
 */
async function inviteLink(email: string): Promise<string> {
  let link: string | undefined;
  await vi.waitFor(async () => {
    const mails = (await json(
      await server.request(`/api/dev/mail?to=${encodeURIComponent(email)}`),
    )) as unknown as {
      text: string;
    }[];
    link = mails
      .map((m) => m.text.match(/https?:\/\/\S+\/collaborate\?invite=\S+/)?.[0])
      .find((found) => found !== undefined && !handedOut.has(found));
    expect(link).toBeDefined();
  });
  handedOut.add(link!);
  return link!;
}
const accept = (builder: Builder | null, link: string) =>
  as(builder, '/api/collaborations/accept', {
    method: 'POST',
    json: { invite: new URL(link).searchParams.get('invite') },
  });
/** Invites the builder and accepts as them: what adding a collaborator takes. */
async function addAndAccept(owner: Builder, appId: string, mate: Builder) {
  expect((await add(owner, appId, mate.email)).status).toBe(200);
  expect((await accept(mate, await inviteLink(mate.email))).status).toBe(200);
}

describe('collaborators', () => {
  it('are invited by email with the same answer whether the address has an account, and join once they accept', async () => {
    const [owner, mate, stranger] = await Promise.all([
      signUpBuilder(server),
      signUpBuilder(server),
      signUpBuilder(server),
    ]);
    const { appId } = await makeTool(server, owner.idToken);
    const unchanged = { owner: { accountId: owner.accountId, email: owner.email }, collaborators: [] };
    const known = await add(owner, appId, `  ${mate.email.toUpperCase()} `);
    const unknown = await add(owner, appId, 'newcomer@example.com');
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await json(known)).toEqual({ ...unchanged, invited: mate.email });
    expect(await json(unknown)).toEqual({ ...unchanged, invited: 'newcomer@example.com' });
    // nobody is added before accepting
    expect(await json(await as(owner, `/api/apps/${appId}/collaborators`))).toEqual(unchanged);
    await expectError(await as(mate, `/api/apps/${appId}`), 404, 'app/not-found', 'App not found');

    const link = await inviteLink(mate.email);
    // the link is for the invited address only
    await expectError(
      await accept(stranger, link),
      403,
      'collaborator/invite-other-email',
      'This invitation was sent to another email address: sign in with that address to accept it',
    );
    await expectError(
      await accept(null, link),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    await expectError(
      await as(mate, '/api/collaborations/accept', { method: 'POST', json: { invite: 'forged.token' } }),
      400,
      'collaborator/invite-invalid',
      'This invitation is not valid any more, ask the owner for a new one',
    );
    const accepted = await accept(mate, link);
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toEqual({ appId });
    expect((await accept(mate, link)).status).toBe(200); // twice is once
    const listed = {
      owner: { accountId: owner.accountId, email: owner.email },
      collaborators: [{ accountId: mate.accountId, email: mate.email, addedAt: expect.any(String) }],
    };
    expect(await json(await as(owner, `/api/apps/${appId}/collaborators`))).toEqual(listed);
    expect((await as(mate, `/api/apps/${appId}`)).status).toBe(200);

    // someone without an account signs up with the invited address, then accepts
    const newcomer = await signUpBuilder(server, 'newcomer@example.com');
    expect((await accept(newcomer, await inviteLink('newcomer@example.com'))).status).toBe(200);

    await expectError(
      await add(owner, appId, 'not an email'),
      400,
      'collaborator/invalid-email',
      'Enter a valid email address',
    );
    await expectError(
      await add(owner, appId, owner.email),
      400,
      'collaborator/owner',
      'The owner of an app is not one of its collaborators',
    );
    await expectError(
      await add(null, appId, mate.email),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    await expectError(await add(stranger, appId, stranger.email), 404, 'app/not-found', 'App not found');
    await expectError(
      await as(stranger, `/api/apps/${appId}/collaborators`),
      404,
      'app/not-found',
      'App not found',
    );
    const ownerOnly = 'Only the owner of this app can do that';
    await expectError(await add(mate, appId, stranger.email), 403, 'app/owner-only', ownerOnly);
    await expectError(await as(mate, `/api/apps/${appId}/collaborators`), 403, 'app/owner-only', ownerOnly);
    await expectError(
      await as(mate, `/api/apps/${appId}/collaborators/${mate.accountId}`, { method: 'DELETE' }),
      403,
      'app/owner-only',
      ownerOnly,
    );
  });

  it('an invitation dies when the app changes hands', async () => {
    const [owner, mate] = await Promise.all([signUpBuilder(server), signUpBuilder(server)]);
    const { appId } = await makeTool(server, owner.idToken);
    expect((await add(owner, appId, mate.email)).status).toBe(200);
    const link = await inviteLink(mate.email);
    await server.platform.db
      .update(schema.apps)
      .set({ ownerAccountId: admin.accountId })
      .where(eq(schema.apps.appId, appId));
    await expectError(
      await accept(mate, link),
      400,
      'collaborator/invite-invalid',
      'This invitation is not valid any more, ask the owner for a new one',
    );
  });

  it('edit the app as its owner does, but do not hand it on', async () => {
    const [mate, stranger] = await Promise.all([signUpBuilder(server), signUpBuilder(server)]);
    const { appId, toolId } = await publishedApp(server, admin, { isClaimable: true });
    const { appId: draftId } = await makeTool(server, admin.idToken);
    for (const id of [appId, draftId]) await addAndAccept(admin, id, mate);

    const list = await json(await as(mate, '/api/apps'));
    expect(list.apps.map((a: { appId: string }) => a.appId).sort()).toEqual([appId, draftId].sort());
    expect(list.apps.every((a: { isCollaborator?: boolean }) => a.isCollaborator === true)).toBe(true);
    const app = await json(await as(mate, `/api/apps/${draftId}`));
    expect(app).toMatchObject({ isOwner: true, isCollaborator: true, isPublished: false });
    expect(app.tools[0].app.gptPrompt).toBe('Write a slogan about {{topic}}.');

    // style, settings, tools, data sources and the app database (under the collaborator's own plan: a lite
    // collaborator changes no plan-locked setting, as on their own apps)
    expect(
      (
        await as(mate, `/api/apps/${appId}/style`, {
          method: 'POST',
          json: { appStyle: { headerTextColor: '#101010' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await as(mate, `/api/apps/${appId}/settings`, {
          method: 'POST',
          json: { appSettings: { supportEmail: 'team@example.com' } },
        })
      ).status,
    ).toBe(200);
    const tool = await as(mate, `/api/apps/${appId}/tools/${toolId}`, {
      method: 'PATCH',
      json: { title: 'Tagline maker' },
    });
    expect(tool.status).toBe(200);
    const item = await as(mate, `/api/context/ingest/text?appId=${appId}`, {
      method: 'POST',
      json: { name: 'Notes', context: 'Short and sweet.' },
    });
    expect(item.status).toBe(201);
    await putEntity(server, mate.idToken, appId, 'Idea', { properties: { text: { type: 'string' } } });
    expect(
      (await as(mate, recordsUrl(appId, 'Idea'), { method: 'POST', json: { fields: { text: 'Hi' } } }))
        .status,
    ).toBe(201);
    expect((await as(mate, `/api/apps/${appId}/analytics`)).status).toBe(200);
    const owners = await json(await as(admin, `/api/apps/${appId}`));
    expect(owners.tools[0].title).toBe('Tagline maker');
    expect(owners.appSettings.supportEmail).toBe('team@example.com');

    // but the owner alone invites a claimer and manages collaborators
    await expectError(
      await getInvitation(server, mate, appId),
      403,
      'app/owner-only',
      'Only the owner of this app can do that',
    );
    // nor a collaborator chooses whose Gumroad account the app's sales go to
    for (const res of [
      await as(mate, `/api/apps/${appId}/settings`, {
        method: 'POST',
        json: { appSettings: { gumroadAccessToken: 'collaborators-own-token' } },
      }),
      await as(
        mate,
        `/api/apps/${appId}/payments/products?appId=${appId}&accessToken=collaborators-own-token`,
      ),
      await as(mate, `/api/apps/${appId}/payments/connect`, { method: 'POST', json: { productId: 'p1' } }),
    ])
      await expectError(res, 403, 'app/owner-only', 'Only the owner of this app can do that');
    expect(
      (await json(await as(admin, `/api/apps/${appId}`))).appSettings.paidMembershipsSettings,
    ).toMatchObject({
      hasPaymentProviderAccessToken: false,
    });
    // another builder still sees nothing of the draft
    await expectError(await as(stranger, `/api/apps/${draftId}`), 404, 'app/not-found', 'App not found');
    await expectError(
      await as(stranger, `/api/apps/${appId}/entities`),
      404,
      'app/not-found',
      'App not found',
    );
    await expectError(
      await as(stranger, `/api/apps/${appId}/style`, { method: 'POST', json: { appStyle: {} } }),
      404,
      'app/not-found',
      'App not found',
    );
  });

  it('lose the app when the owner removes them', async () => {
    const [owner, mate] = await Promise.all([signUpBuilder(server), signUpBuilder(server)]);
    const { appId } = await makeTool(server, owner.idToken);
    await addAndAccept(owner, appId, mate);
    const removed = await as(owner, `/api/apps/${appId}/collaborators/${mate.accountId}`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await json(removed)).collaborators).toEqual([]);
    await expectError(await as(mate, `/api/apps/${appId}`), 404, 'app/not-found', 'App not found');
    expect((await json(await as(mate, '/api/apps'))).apps).toEqual([]);
    await expectError(
      await as(owner, `/api/apps/${appId}/collaborators/${mate.accountId}`, { method: 'DELETE' }),
      404,
      'collaborator/not-collaborator',
      'This builder is not a collaborator of this app',
    );
  });
});
