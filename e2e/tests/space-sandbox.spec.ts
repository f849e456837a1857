import { expect, test } from '@playwright/test';
import { adminIdToken } from '../support/admin';
import { APP_URL, BASE_URL } from '../support/env';

// A space app's generated code runs in a sandboxed frame on the app origin (APP_PORT): it cannot read the product's
// DOM, cookies or storage, nor move the top window; its errors reach the runtime shell.

const PAGES: Record<string, string> = {
  'pages/Home.tsx': `import { useEffect, useState } from 'react';
import { Badge, Card, CardContent, CardHeader, CardTitle, Container, Heading, Stack, Text } from '@buildai/app-ui';
import { Link } from '@buildai/app-sdk';
import { ShieldCheck } from 'lucide-react';
import { attempt } from '../components/attempt';

export default function Home() {
  const [checks, setChecks] = useState<[string, string][]>([]);
  useEffect(() => {
    setChecks([
      ['parent-document', attempt(() => (window.parent.document as Document).title)],
      ['cookie', attempt(() => document.cookie)],
      ['local-storage', attempt(() => window.localStorage.getItem('product-secret'))],
      ['top-location', attempt(() => { (window.top as Window).location.href = 'https://example.com/'; return 'assigned'; })],
    ]);
  }, []);
  return (
    <Container size="md">
      <Stack gap={4} style={{ padding: '32px 0' }}>
        <Heading level={1}><ShieldCheck /> Sandbox report</Heading>
        <Text muted>What this page could reach of the product.</Text>
        <Card>
          <CardHeader><CardTitle>Checks</CardTitle></CardHeader>
          <CardContent>
            <Stack gap={2}>
              {checks.map(([name, result]) => (
                <Stack key={name} direction="row" gap={2} align="center">
                  <Badge variant={result.startsWith('blocked') ? 'success' : 'danger'}>{name}</Badge>
                  <span data-check={name}>{result}</span>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
        <Link to="Broken">Open the broken page</Link>
      </Stack>
    </Container>
  );
}
`,
  'components/attempt.ts': `/** Runs a reach for the product and says what happened. */
export function attempt(reach: () => unknown): string {
  try {
    return 'reached: ' + String(reach());
  } catch (error) {
    return 'blocked: ' + (error instanceof Error ? error.name : String(error));
  }
}
`,
  'pages/Broken.tsx': `export default function Broken() {
  throw new Error('Boom from the generated page');
}
`,
};

async function api(path: string, token: string, init: { method: string; json?: unknown }) {
  return fetch(`${BASE_URL}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

test('a published space app runs sandboxed on the app origin and reports its errors to the shell', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // the builder (the code editor's route is for admins) creates the app, writes its files and publishes
  const token = await adminIdToken();
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  expect(created.status).toBe(201);
  const { appId, path } = (await created.json()) as { appId: string; path: string };
  expect(path).toBe(`/app/${appId}`);
  for (const [file, content] of Object.entries(PAGES)) {
    const saved = await api(`/api/apps/${appId}/files/${file}`, token, { method: 'PUT', json: { content } });
    expect(saved.status, file).toBe(200);
  }
  expect((await api(`/api/apps/${appId}/publish`, token, { method: 'POST' })).status).toBe(200);

  // a visitor of the product origin, with a cookie and local storage of the product
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'product-secret', value: 'cookie-secret', url: BASE_URL }]);
  const tab = await visitor.newPage();
  await tab.goto(`${BASE_URL}/`);
  await tab.evaluate(() => window.localStorage.setItem('product-secret', 'storage-secret'));
  await tab.goto(`${BASE_URL}/app/${appId}`);

  const frameElement = tab.locator('iframe[title]');
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
  expect(new URL((await frameElement.getAttribute('src'))!).origin).toBe(APP_URL);
  const frame = tab.frameLocator('iframe[title]');
  await expect(frame.getByRole('heading', { name: 'Sandbox report' })).toBeVisible();
  await expect(frame.locator('[data-check="parent-document"]')).toHaveText('blocked: SecurityError');
  await expect(frame.locator('[data-check="cookie"]')).toHaveText('blocked: SecurityError');
  // the frame has web storage of its own (decision 0012, "Storage"): empty, never the product's
  await expect(frame.locator('[data-check="local-storage"]')).toHaveText('reached: null');
  await expect(frame.locator('[data-check="top-location"]')).toHaveText('blocked: SecurityError');
  // the top window stayed on the app's page, and the product's storage is as it was
  expect(tab.url()).toBe(`${BASE_URL}/app/${appId}`);
  expect(await tab.evaluate(() => window.localStorage.getItem('product-secret'))).toBe('storage-secret');

  // navigation inside the app keeps the /app/{appId} prefix in the address bar; Back returns
  await frame.getByRole('link', { name: 'Open the broken page' }).click();
  await expect(tab).toHaveURL(`${BASE_URL}/app/${appId}/Broken`);
  await expect(frame.getByRole('heading', { name: 'Something went wrong on this page' })).toBeVisible();
  // a visitor is not shown the owner's issues
  await expect(tab.getByRole('alert').filter({ hasText: 'issue on this page' })).toHaveCount(0);
  await tab.goBack();
  await expect(tab).toHaveURL(`${BASE_URL}/app/${appId}`);
  await expect(frame.getByRole('heading', { name: 'Sandbox report' })).toBeVisible();
  await visitor.close();

  // the owner opening the broken page directly: the thrown error reaches the shell
  // the owner's browser holds the session as the web app keeps it: the id token in its cookie
  await page.context().addCookies([{ name: 'buildai_token', value: token, url: BASE_URL }]);
  await page.goto(`${BASE_URL}/app/${appId}/Broken`);
  const issues = page.getByRole('alert').filter({ hasText: '1 issue on this page' });
  await expect(issues).toBeVisible();
  await expect(issues).toContainText('Error: Boom from the generated page');
  await expect(page.frameLocator('iframe[title]').getByText('Boom from the generated page')).toBeVisible();
});

test('the app origin serves app documents only, each with the sandbox CSP', async ({ request }) => {
  const onApp = await request.get(`${APP_URL}/api/health`);
  expect(onApp.status()).toBe(404);
  expect(onApp.headers()['content-security-policy']).toContain(
    'sandbox allow-scripts allow-forms allow-popups',
  );
  const onProduct = await request.get(`${BASE_URL}/apps/anything/`);
  expect(onProduct.status()).toBe(404);
});

// The same reach, tried by an app on the stack models write: react-router, Radix, framer-motion, recharts and
// react-query loaded as shared modules give the frame nothing more (decision 0012).
const STACK_APP: Record<string, string> = {
  'src/App.tsx': `import { useEffect, useState } from "react";
import { BrowserRouter, Routes, Route, useNavigate } from "react-router-dom";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { motion } from "framer-motion";
import { ResponsiveContainer, BarChart, Bar } from "recharts";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";

function attempt(reach: () => unknown): string {
  try {
    return "reached: " + String(reach());
  } catch (error) {
    return "blocked: " + (error instanceof Error ? error.name : String(error));
  }
}

function Report() {
  const navigate = useNavigate();
  const [checks, setChecks] = useState<[string, string][]>([]);
  useEffect(() => {
    const found: [string, string][] = [
      ["parent-document", attempt(() => (window.parent.document as Document).title)],
      ["top-document", attempt(() => (window.top as Window).document.cookie)],
      ["cookie", attempt(() => document.cookie)],
      ["top-location", attempt(() => { (window.top as Window).location.href = "https://example.com/"; return "assigned"; })],
    ];
    setChecks(found);
    fetch(window.location.protocol + "//" + window.location.hostname + ":" + (Number(window.location.port) - 1) + "/api/health")
      .then((r) => setChecks((c) => [...c, ["product-api", "reached: " + r.status]]))
      .catch((e) => setChecks((c) => [...c, ["product-api", "blocked: " + (e instanceof Error ? e.name : String(e))]]));
  }, []);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <motion.h1 className="text-3xl font-bold" initial={{ opacity: 0.5 }} animate={{ opacity: 1 }}>Stack report</motion.h1>
      <ul>{checks.map(([name, result]) => <li key={name} data-check={name}>{result}</li>)}</ul>
      <div style={{ width: 300, height: 100 }}><ResponsiveContainer><BarChart data={[{ v: 1 }, { v: 2 }]}><Bar dataKey="v" /></BarChart></ResponsiveContainer></div>
      <Dialog><DialogTrigger asChild><Button>Open dialog</Button></DialogTrigger><DialogContent><DialogTitle>Inside</DialogTitle></DialogContent></Dialog>
      <Button variant="outline" onClick={() => navigate("/away")}>Go away</Button>
    </QueryClientProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Report />} />
        <Route path="/away" element={<h1>Away</h1>} />
      </Routes>
    </BrowserRouter>
  );
}
`,
};

test('an app on the stack models write reaches no more of the product than the first one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await adminIdToken();
  const created = await api('/api/apps/new', token, { method: 'POST', json: { kind: 'space' } });
  const { appId } = (await created.json()) as { appId: string };
  for (const [file, content] of Object.entries(STACK_APP)) {
    expect(
      (await api(`/api/apps/${appId}/files/${file}`, token, { method: 'PUT', json: { content } })).status,
    ).toBe(200);
  }
  expect((await api(`/api/apps/${appId}/publish`, token, { method: 'POST' })).status).toBe(200);

  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'product-secret', value: 'cookie-secret', url: BASE_URL }]);
  const tab = await visitor.newPage();
  await tab.goto(`${BASE_URL}/`);
  await tab.evaluate(() => window.localStorage.setItem('product-secret', 'storage-secret'));
  await tab.goto(`${BASE_URL}/app/${appId}`);
  const frame = tab.frameLocator('iframe[title]');
  await expect(frame.getByRole('heading', { name: 'Stack report' })).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('[data-check="parent-document"]')).toHaveText('blocked: SecurityError');
  await expect(frame.locator('[data-check="top-document"]')).toHaveText('blocked: SecurityError');
  await expect(frame.locator('[data-check="cookie"]')).toHaveText('blocked: SecurityError');
  await expect(frame.locator('[data-check="top-location"]')).toHaveText('blocked: SecurityError');
  // the CSP lets the frame call https only: the product's API on this server is refused
  await expect(frame.locator('[data-check="product-api"]')).toHaveText('blocked: TypeError');
  // a Radix dialog opens inside the frame; the router moves the frame, and the shell shows it
  await frame.getByRole('button', { name: 'Open dialog' }).click();
  await expect(frame.getByRole('dialog', { name: 'Inside' })).toBeVisible();
  await tab.keyboard.press('Escape');
  await frame.getByRole('button', { name: 'Go away' }).click();
  await expect(frame.getByRole('heading', { name: 'Away' })).toBeVisible();
  await expect(tab).toHaveURL(`${BASE_URL}/app/${appId}/away`);
  expect(await tab.evaluate(() => window.localStorage.getItem('product-secret'))).toBe('storage-secret');
  await visitor.close();
});
