import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { appBridgeTexts } from '../../packages/domain/src/app-bridge-protocol';
import { adminIdToken } from '../support/admin';
import { signUpVerified } from '../support/auth';
import { linkOf, mailbox, SUBJECTS } from '../support/mail';
import { ADMIN_EMAIL, BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// A generated page reads and writes the app database as the app's end users (decision 0008, "The app SDK's data
// and auth", "The data bridge"): the page lists entities.Task and adds to it through the SDK; the shell around the
// sandboxed frame makes the calls with the visitor's own session. Task: read `all` (signed-in users), write
// `creator` (signed-in users create; each changes their own).

const HOME = `import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Container, Heading, Input, Spinner, Stack, Text } from '@buildai/app-ui';
import { entities, useAuth, useEntityList } from '@buildai/app-sdk';
import { CheckCircle2, Circle } from 'lucide-react';

interface Task { title: string; done?: boolean }

export default function Home() {
  const { user, loading: checking, signIn, signUp, signOut } = useAuth();
  const { records, loading, error } = useEntityList<Task>('Task');
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      await entities.Task.create({ title, done: false });
      setTitle('');
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Container size="md">
      <Stack gap={5} style={{ padding: '32px 0' }}>
        <Stack direction="row" justify="space-between" align="center" wrap>
          <Heading level={1}>Team tasks</Heading>
          {checking ? <Spinner /> : user ? (
            <Stack direction="row" gap={2} align="center">
              <Text muted size="sm">Signed in as {user.email}</Text>
              <Badge variant="secondary">{user.role}</Badge>
              <Button variant="outline" size="sm" onClick={() => signOut()}>Sign out</Button>
            </Stack>
          ) : (
            <Stack direction="row" gap={2}>
              <Button variant="outline" size="sm" onClick={() => signIn()}>Sign in</Button>
              <Button size="sm" onClick={() => signUp()}>Sign up</Button>
            </Stack>
          )}
        </Stack>
        <Card>
          <CardHeader>
            <CardTitle>New task</CardTitle>
            <CardDescription>Everyone on the team sees it.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={add}>
              <Stack direction="row" gap={2}>
                <Input aria-label="New task" placeholder="What needs doing?" value={title} onChange={(e) => setTitle(e.target.value)} style={{ flex: 1 }} />
                <Button type="submit" disabled={saving || !title.trim()}>{saving ? 'Adding…' : 'Add task'}</Button>
              </Stack>
            </form>
            {problem && <Alert variant="danger" style={{ marginTop: 12 }}>{problem}</Alert>}
          </CardContent>
        </Card>
        <Card>
          <CardHeader><CardTitle>Tasks</CardTitle></CardHeader>
          <CardContent>
            {loading ? <Stack direction="row" gap={2} align="center"><Spinner /><Text muted>Loading tasks…</Text></Stack>
              : error ? <Alert variant="danger">{error.message}</Alert>
              : records.length === 0 ? <Text muted>{user ? 'No tasks yet. Add the first one.' : 'Sign in to see the team’s tasks.'}</Text>
              : (
                <ul aria-label="Tasks" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                  {records.map((task) => (
                    <li key={task.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                      {task.done ? <CheckCircle2 size={18} /> : <Circle size={18} />}
                      <span style={{ flex: 1 }}>{task.title}</span>
                      {user && task.creatorId === user.id && <Badge variant="outline">yours</Badge>}
                    </li>
                  ))}
                </ul>
              )}
          </CardContent>
        </Card>
      </Stack>
    </Container>
  );
}
`;

const TASK_SCHEMA = {
  type: 'object',
  properties: { title: { type: 'string' }, done: { type: 'boolean' } },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
};

async function api(path: string, token: string, init: { method: string; json?: unknown }) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  expect([200, 201, 204], `${init.method} ${path}`).toContain(response.status);
  return response;
}

const appFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title]');
const taskList = (frame: FrameLocator) => frame.getByRole('list', { name: 'Tasks' }).getByRole('listitem');

test('a generated page lists and adds records as the signed-up end user; anonymous visitors are refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // the builder: the app, its page, the Task entity, two tasks
  const token = await adminIdToken();
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  const { appId } = (await created.json()) as { appId: string };
  await api(`/api/apps/${appId}/files/pages/Home.tsx`, token, { method: 'PUT', json: { content: HOME } });
  await api(`/api/apps/${appId}/entities/Task`, token, { method: 'PUT', json: { schema: TASK_SCHEMA } });
  for (const title of ['Buy milk', 'Walk the dog']) {
    await api(`/api/apps/${appId}/entities/Task/records`, token, {
      method: 'POST',
      json: { fields: { title } },
    });
  }
  // the owner, before publishing: the page runs as the owner (the app's admin); sign-out only says why not
  const ownerContext = await browser.newContext();
  await ownerContext.addCookies([{ name: 'buildai_token', value: token, url: BASE_URL }]);
  const owner = await ownerContext.newPage();
  await owner.goto(`/app/${appId}`);
  await expect(owner.getByText('Only you can see this page until the app is published.')).toBeVisible();
  const ownerFrame = appFrame(owner);
  await expect(ownerFrame.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible({ timeout: 20_000 });
  await expect(ownerFrame.getByText('admin', { exact: true })).toBeVisible();
  // the owner created both: theirs
  await expect(taskList(ownerFrame)).toHaveText(['Walk the dogyours', 'Buy milkyours']);
  await ownerFrame.getByRole('button', { name: 'Sign out' }).click();
  await expect(owner.getByText(appBridgeTexts.previewAuth)).toBeVisible();
  await expect(ownerFrame.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible();
  await screenshot(owner, 'space-data-owner-preview');
  await owner.setViewportSize({ width: 390, height: 844 });
  await screenshot(owner, 'space-data-owner-preview-mobile');
  await ownerContext.close();

  await api(`/api/apps/${appId}/publish`, token, { method: 'POST' });
  // sign-up for the app's users (a published app's setting)
  await api(`/api/apps/${appId}/settings`, token, {
    method: 'POST',
    json: {
      appSettings: {
        isSignupEnabled: true,
        termsOfServiceLink: 'https://tasks.example.com/terms',
        privacyPolicyLink: 'https://tasks.example.com/privacy',
        supportEmail: 'help@tasks.example.com',
      },
    },
  });

  // an anonymous visitor: Task is read by signed-in users only, and only they may add
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/app/${appId}`);
  const frame = appFrame(visitor);
  await expect(frame.getByRole('button', { name: 'Sign up' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText('Sign in to see the team’s tasks.')).toBeVisible();
  await frame.getByRole('textbox', { name: 'New task' }).fill('Sneak one in');
  await frame.getByRole('button', { name: 'Add task' }).click();
  await expect(frame.getByText('You are not allowed to do that')).toBeVisible();
  await screenshot(visitor, 'space-data-anonymous');

  // sign-up from the app: the app's own sign-in page, email verification, back on the app
  const email = uniqueEmail('task-user');
  const inbox = mailbox(email);
  await frame.getByRole('button', { name: 'Sign up' }).click();
  await expect(visitor).toHaveURL(/\/login\?/);
  const login = new URL(visitor.url());
  expect(login.searchParams.get('appId')).toBe(appId);
  expect(login.searchParams.get('redirectTo')).toBe(`/app/${appId}`);
  expect(login.searchParams.get('mode')).toBe('signup');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill('a long passphrase');
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor).toHaveURL(/\/auth\/verifyEmail\?/);
  await visitor.goto(linkOf(await inbox.next(SUBJECTS.verify)));
  await expect(visitor.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Continue' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/app/${appId}$`), { timeout: 20_000 });

  // the end user sees the team's tasks and adds one: it is theirs, at the top
  await expect(frame.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText('user', { exact: true })).toBeVisible();
  await expect(taskList(frame)).toHaveText(['Walk the dog', 'Buy milk']);
  await frame.getByRole('textbox', { name: 'New task' }).fill('Water the plants');
  await frame.getByRole('button', { name: 'Add task' }).click();
  await expect(taskList(frame)).toHaveText(['Water the plantsyours', 'Walk the dog', 'Buy milk']);
  await expect(frame.getByRole('textbox', { name: 'New task' })).toHaveValue('');
  await screenshot(visitor, 'space-data-end-user');
  await visitor.setViewportSize({ width: 390, height: 844 });
  await screenshot(visitor, 'space-data-end-user-mobile');
  await visitor.setViewportSize({ width: 1280, height: 800 });

  // the record is the end user's on the server too
  const records = await api(`/api/apps/${appId}/entities/Task/records`, token, { method: 'GET' });
  const { records: stored } = (await records.json()) as {
    records: { title: string; creatorId: string | null }[];
  };
  expect(stored.map((r) => r.title)).toEqual(['Water the plants', 'Walk the dog', 'Buy milk']);
  expect(stored[0]!.creatorId).not.toBeNull();

  // sign-out: the page is anyone's again
  await frame.getByRole('button', { name: 'Sign out' }).click();
  await expect(frame.getByRole('button', { name: 'Sign up' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText('Sign in to see the team’s tasks.')).toBeVisible();
  await visitorContext.close();
});

test("the builder's preview runs the page as the owner: the chat writes it, the records show, sign-out only says why not", async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  const llm = fakeLlmControl(LLM_URL);
  await llm.reset();
  const email = uniqueEmail('space-data-builder');
  await signUpVerified(p, email, 'a long passphrase');
  await p.getByRole('button', { name: 'New', exact: true }).click();
  await p.getByRole('menuitem', { name: /Space app/ }).click();
  await expect(p).toHaveURL(/\/build\/app\/[^/]+$/);
  const appId = p.url().split('/').pop()!;
  const chat = p.getByRole('region', { name: 'App Chat' });
  const app = p.getByRole('region', { name: 'Your app' });
  const preview = app.frameLocator('iframe');

  // the entity and a record, with the builder's own session
  const token = (await p.context().cookies()).find((c) => c.name === 'buildai_token')!.value;
  await api(`/api/apps/${appId}/entities/Task`, token, { method: 'PUT', json: { schema: TASK_SCHEMA } });
  await api(`/api/apps/${appId}/entities/Task/records`, token, {
    method: 'POST',
    json: { fields: { title: 'Plan the launch' } },
  });

  // the chat writes the page
  await llm.enqueue([
    {
      text: 'Writing the page.',
      toolCalls: [{ name: 'edit_file', arguments: { path: 'pages/Home.tsx', content: HOME } }],
    },
    { text: 'Your task list is ready.' },
  ]);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill('A task list for my team');
  await input.press('Enter');
  await expect(chat.getByText('Your task list is ready.').last()).toBeVisible({ timeout: 30_000 });

  await expect(preview.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByText('admin', { exact: true })).toBeVisible();
  await expect(taskList(preview)).toHaveText(['Plan the launchyours']);
  // the builder adds one in the preview: it is theirs
  await preview.getByRole('textbox', { name: 'New task' }).fill('Write the invite');
  await preview.getByRole('button', { name: 'Add task' }).click();
  await expect(taskList(preview)).toHaveText(['Write the inviteyours', 'Plan the launchyours']);
  // signing out inside the preview never signs the builder out of the builder
  await preview.getByRole('button', { name: 'Sign out' }).click();
  await expect(app.getByText(appBridgeTexts.previewAuth)).toBeVisible();
  await expect(preview.getByText(`Signed in as ${email}`)).toBeVisible();
  await screenshot(p, 'space-data-workspace-preview');
  await expect(p).toHaveURL(new RegExp(`/build/app/${appId}$`));
});
