// (b) Time to first token through POST /api/apps/{appId}/tools/{path}/run, minus calling the fake model
// directly, with the model's first token held back a fixed 50 ms. p50 and p95 over interleaved samples.
import { startFakeLlm } from '@buildai/testkit';
import { percentile, signUpBuilder, startBuiltServer, stop } from './lib';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const FIRST_TOKEN_DELAY_MS = 50;

async function firstChunk(
  res: Response,
  isToken: (text: string) => boolean,
  started: number,
): Promise<number> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('stream ended before the first token');
    buffer += decoder.decode(value, { stream: true });
    if (isToken(buffer)) {
      const elapsed = performance.now() - started;
      await reader.cancel();
      return elapsed;
    }
  }
}

export async function benchFirstToken() {
  const llm = await startFakeLlm({ apiKey: 'bench' });
  llm.respondWith(() => ({ chunks: ['Hello', ' there'], delayMs: FIRST_TOKEN_DELAY_MS }));
  const server = await startBuiltServer(4393, {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: llm.url,
    AI_API_KEY: 'bench',
  });
  const base = 'http://127.0.0.1:4393';
  const token = await signUpBuilder(base);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = (await (
    await fetch(`${base}/api/apps/new`, { method: 'POST', headers: auth, body: '{"kind":"tool"}' })
  ).json()) as { appId: string; toolId: string; path: string };
  await fetch(`${base}/api/apps`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      appType: 'tool',
      appId: created.appId,
      app: { header: 'Bench', gptPrompt: 'Say hello to {{name}}', fields: [{ name: 'name', label: 'Name' }] },
    }),
  });
  await fetch(`${base}/api/apps/${created.appId}/tools/${created.toolId}/status`, {
    method: 'POST',
    headers: auth,
    body: '{"status":"active"}',
  });
  await fetch(`${base}/api/apps/${created.appId}/publish`, { method: 'POST', headers: auth });

  const direct = async () => {
    const started = performance.now();
    const res = await fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'Say hello to Ada' }],
      }),
    });
    return firstChunk(res, (b) => b.includes('"content":"Hello"'), started);
  };
  const viaProduct = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/apps/${created.appId}/tools/${created.path}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { name: 'Ada' } }),
    });
    if (!res.ok) throw new Error(`run failed: ${res.status} ${await res.text()}`);
    return firstChunk(res, (b) => b.includes('"type":"delta"'), started);
  };

  for (let i = 0; i < 5; i++) {
    await direct();
    await viaProduct();
  }
  const d: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    d.push(await direct());
    p.push(await viaProduct());
  }
  await stop(server);
  await llm.close();
  return {
    samples: SAMPLES,
    direct: { p50: percentile(d, 50), p95: percentile(d, 95) },
    product: { p50: percentile(p, 50), p95: percentile(p, 95) },
  };
}
