import { afterAll, beforeAll } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { activateAndPublish, json, makeTool } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The admin of the claim tests: claimable apps and app templates are admin settings (spec 000 §6). */
export const CLAIM_ADMIN = 'claim-admin@example.com';
export const claimServerEnv = { ADMIN_EMAILS: CLAIM_ADMIN, PUBLIC_URL: 'http://buildai.test' };

export type Builder = Awaited<ReturnType<typeof signUpBuilder>>;

/** One server for a test file with its admin signed up, closed after the file's tests; `use` receives both. */
export function useClaimServer(use: (server: TestServer, admin: Builder) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(claimServerEnv);
    use(server, await signUpBuilder(server, CLAIM_ADMIN));
  });
  afterAll(() => server?.close());
}

/** A published tool app of `owner` with the settings given (e.g. `isClaimable`). */
export async function publishedApp(server: TestServer, owner: Builder, appSettings: Json = {}) {
  const { appId, toolId } = await makeTool(server, owner.idToken);
  await activateAndPublish(server, owner.idToken, appId, toolId);
  if (Object.keys(appSettings).length > 0) await saveSettings(server, owner, appId, appSettings);
  return { appId, toolId };
}

export async function saveSettings(server: TestServer, builder: Builder, appId: string, appSettings: Json) {
  const res = await server.request(`/api/apps/${appId}/settings`, {
    method: 'POST',
    token: builder.idToken,
    json: { appSettings },
  });
  if (res.status !== 200) throw new Error(`settings failed ${res.status} ${await res.text()}`);
}

export const getInvitation = (server: TestServer, builder: Builder | null, appId: string) =>
  server.request(`/api/apps/${appId}/settings/claimInvitation`, { token: builder?.idToken });

/** A claimable app's invitation: its id (the link's last part), link and code. */
export async function openInvitation(server: TestServer, admin: Builder, appId: string) {
  const res = await getInvitation(server, admin, appId);
  if (res.status !== 200) throw new Error(`invitation failed ${res.status} ${await res.text()}`);
  const { inviteLink, claimCode } = (await json(res)) as { inviteLink: string; claimCode: string };
  return { inviteLink, claimCode, invitationId: inviteLink.split('/').pop()! };
}

export const claim = (server: TestServer, builder: Builder | null, invitationId: string, claimCode: string) =>
  server.request(`/api/claim/${invitationId}`, {
    method: 'POST',
    token: builder?.idToken,
    json: { claimCode },
  });
