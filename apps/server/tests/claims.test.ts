import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, type TestServer } from '@buildai/testkit';
import { expectError, json, makeTool } from './helpers';
import { signUpEndUser } from './entities-helpers';
import {
  claim,
  getInvitation,
  openInvitation,
  publishedApp,
  type Builder,
  useClaimServer,
} from './claims-helpers';

let server: TestServer;
let admin: Builder;
useClaimServer((s, a) => {
  server = s;
  admin = a;
});

const appIdsOf = async (builder: Builder) =>
  (
    (await json(await server.request('/api/apps', { token: builder.idToken }))).apps as { appId: string }[]
  ).map((a) => a.appId);

describe('the claim invitation (GET /api/apps/{appId}/settings/claimInvitation)', () => {
  it('is refused to anyone but the admin owner of a published, claimable app', async () => {
    const { appId: draftId } = await makeTool(server, admin.idToken);
    await expectError(
      await getInvitation(server, admin, draftId),
      400,
      'claim/not-published',
      "You can't copy invite link until you publish your app",
    );
    const { appId } = await publishedApp(server, admin);
    await expectError(
      await getInvitation(server, admin, appId),
      400,
      'claim/not-claimable',
      'This app cannot be claimed',
    );
    await expectError(
      await getInvitation(server, null, appId),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    const stranger = await signUpBuilder(server);
    await expectError(await getInvitation(server, stranger, appId), 404, 'app/not-found', 'App not found');

    // a builder who is not an admin cannot open one, even with the setting on
    const { appId: ownId } = await publishedApp(server, stranger);
    const [row] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, ownId));
    await server.platform.db
      .update(schema.apps)
      .set({ appSettings: { ...row!.appSettings, isClaimable: true } })
      .where(eq(schema.apps.appId, ownId));
    await expectError(
      await getInvitation(server, stranger, ownId),
      403,
      'auth/forbidden',
      'You are not allowed to do that',
    );
    expect(await server.platform.db.select().from(schema.claimInvitations)).toEqual([]);
  });

  it('answers the link and a readable code, the same until used, and keeps the code only hashed and sealed', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const first = await openInvitation(server, admin, appId);
    expect(first.inviteLink).toBe(`http://buildai.test/claim/${first.invitationId}`);
    expect(first.claimCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await openInvitation(server, admin, appId)).toEqual(first);

    const rows = await server.platform.db
      .select()
      .from(schema.claimInvitations)
      .where(eq(schema.claimInvitations.appId, appId));
    expect(rows).toHaveLength(1);
    const code = first.claimCode.replace('-', '');
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeEncrypted).not.toContain(code);
    expect(rows[0]!.createdByAccountId).toBe(admin.accountId);
  });
});

describe('the claim page (GET /api/claim/{invitationId})', () => {
  it('shows the app to anyone, and says when the invitation is used or dead', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const info = await json(await server.request(`/api/claim/${invitationId}`));
    expect(info).toEqual({
      appId,
      appHeader: 'Slogan maker',
      logoUrl: '',
      status: 'open',
      requireBuilderCollaboratorAccount: false,
    });
    await expectError(
      await server.request('/api/claim/NoSuchInvitation'),
      404,
      'claim/invitation-not-found',
      'This invitation is not valid',
    );
    const customer = await signUpBuilder(server);
    expect((await claim(server, customer, invitationId, claimCode)).status).toBe(200);
    expect((await json(await server.request(`/api/claim/${invitationId}`))).status).toBe('used');
  });
});

describe('claiming (POST /api/claim/{invitationId})', () => {
  it('counts wrong codes per claimant: the third stops the claimant for an hour, not the invitation', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const customer = await signUpBuilder(server);
    await expectError(
      await claim(server, null, invitationId, claimCode),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    for (const attemptsLeft of [2, 1, 0]) {
      const res = await claim(server, customer, invitationId, 'AAAA-AAAA');
      expect(res.status).toBe(400);
      expect((await json(res)).error).toEqual({
        code: 'claim/wrong-code',
        message: 'This code is not correct',
        field: 'claimCode',
        details: { attemptsLeft },
      });
    }
    // this claimant waits, even with the right code, and the app stays where it was
    await expectError(
      await claim(server, customer, invitationId, claimCode),
      429,
      'claim/too-many-tries',
      'Too many wrong codes, try again in an hour',
    );
    // the invitation itself is still open for the real customer (security-findings.test.ts claims it)
    expect((await json(await server.request(`/api/claim/${invitationId}`))).status).toBe('open');
    expect(await appIdsOf(admin)).toContain(appId);
    expect(await appIdsOf(customer)).not.toContain(appId);
  });

  it('refuses an empty code, the owner, an unknown invitation and an app no longer claimable', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const customer = await signUpBuilder(server);
    await expectError(
      await claim(server, customer, invitationId, '  '),
      400,
      'request/invalid',
      'claimCode: Too small: expected string to have >=1 characters',
      'claimCode',
    );
    await expectError(
      await claim(server, admin, invitationId, claimCode),
      400,
      'claim/own-app',
      'This app is already yours',
    );
    // an end user of an app cannot claim: claiming makes a builder the owner
    const { appId: other } = await publishedApp(server, admin, {
      isSignupEnabled: true,
      termsOfServiceLink: 'https://example.com/terms',
      privacyPolicyLink: 'https://example.com/privacy',
      supportEmail: 'help@example.com',
    });
    const endUser = await signUpEndUser(server, other, 'visitor@example.com');
    await expectError(
      await server.request(`/api/claim/${invitationId}`, {
        method: 'POST',
        token: endUser.token,
        json: { claimCode },
      }),
      403,
      'auth/forbidden',
      'You are not allowed to do that',
    );
    await expectError(
      await claim(server, customer, 'NoSuchInvitation', claimCode),
      404,
      'claim/invitation-not-found',
      'This invitation is not valid',
    );
    const turnedOff = await server.request(`/api/apps/${appId}/settings`, {
      method: 'POST',
      token: admin.idToken,
      json: { appSettings: { isClaimable: false } },
    });
    expect(turnedOff.status).toBe(200);
    await expectError(
      await claim(server, customer, invitationId, claimCode),
      400,
      'claim/not-claimable',
      'This app cannot be claimed',
    );
    const [row] = await server.platform.db
      .select()
      .from(schema.claimInvitations)
      .where(eq(schema.claimInvitations.id, invitationId));
    expect(row).toMatchObject({ attempts: 0, usedAt: null, deadAt: null });
  });

  it('hands the app over once: a used invitation is refused', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const customer = await signUpBuilder(server);
    // typed any way: lower case, without the dash
    const res = await claim(server, customer, invitationId, claimCode.replace('-', '').toLowerCase());
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ appId });

    const other = await signUpBuilder(server);
    await expectError(
      await claim(server, other, invitationId, claimCode),
      410,
      'claim/invitation-used',
      'This invitation has already been used',
    );
    const [row] = await server.platform.db
      .select()
      .from(schema.claimInvitations)
      .where(eq(schema.claimInvitations.id, invitationId));
    expect(row).toMatchObject({ usedByAccountId: customer.accountId, attempts: 0 });
  });

  it('lets exactly one of two builders claiming at once win', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const [a, b] = await Promise.all([signUpBuilder(server), signUpBuilder(server)]);
    const answers = await Promise.all([a, b].map((x) => claim(server, x, invitationId, claimCode)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
    const loser = answers.find((r) => r.status === 410)!;
    expect((await json(loser)).error.code).toBe('claim/invitation-used');
    const winner = answers[0]!.status === 200 ? a : b;
    const [app] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, appId));
    expect(app!.ownerAccountId).toBe(winner.accountId);
    expect(await appIdsOf(winner)).toEqual([appId]);
    expect(await appIdsOf(winner === a ? b : a)).toEqual([]);
  });
});
