// (q) The chat's gate (issue 30, decision 0013): what running the nine validation detectors at the end of a space
// app's turn adds to the turn. The same scripted turns (one page of a 30-file app changed) through the real chat
// route on two servers in the same job, the gate on and off; the compiler warmed first, as the server does once it
// listens. The model's closing answer streams for about a second, as a real one does (the gate starts when the
// file action lands, so it runs while the model writes).
import { signUpBuilder, startFakeLlm, startTestServer } from '@buildai/testkit';
import { warmValidation } from '../apps/server/src/features/app-validation';
import { thirtyFileApp } from './space-bundle';

const ROUNDS = 15;
/** the closing answer's pause between its four chunks */
const CLOSING_CHUNK_MS = 250;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

export interface ChatGateResult {
  on: { p50: number; p95: number };
  off: { p50: number; p95: number };
  /** issues the gate kept in the turns' annotations (the bench app has none) */
  issues: number;
}

async function turns(gate: 'on' | 'off'): Promise<{ ms: number[]; issues: number }> {
  const llm = await startFakeLlm({ apiKey: 'bench-key' });
  const server = await startTestServer({
    LOG_LEVEL: 'silent',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: llm.url,
    AI_API_KEY: 'bench-key',
    CHAT_VALIDATION: gate,
  });
  const ms: number[] = [];
  let issues = 0;
  try {
    const { idToken } = await signUpBuilder(server);
    const { appId } = (await (
      await server.request('/api/apps/new', { method: 'POST', token: idToken, json: { kind: 'space' } })
    ).json()) as { appId: string };
    const turn = async (text: string) => {
      const res = await server.request(`/api/apps/${appId}/chat`, {
        method: 'POST',
        token: idToken,
        json: { message: { role: 'user', parts: [{ type: 'text', text }] } },
      });
      const body = await res.text();
      if (body.includes('"validationIssues"')) issues += 1;
    };
    const app = thirtyFileApp('gate');
    llm.enqueue([
      { toolCalls: app.map((file) => ({ name: 'add_file', arguments: file })) },
      { toolCalls: [{ name: 'delete_file', arguments: { path: 'pages/Home.tsx' } }] },
      { text: 'Built.' },
    ]);
    await turn('Build it');
    const page = app.find((f) => f.path === 'src/pages/About.tsx')!;
    for (let round = -1; round < ROUNDS; round++) {
      llm.enqueue([
        {
          toolCalls: [
            {
              name: 'edit_file',
              arguments: {
                path: page.path,
                content: page.content.replace('gate', `Changed in round ${round}`),
              },
            },
          ],
        },
        // a closing paragraph as a model streams it (~1 s): the gate runs meanwhile
        { chunks: ['I changed ', 'the About ', 'page as ', 'you asked.'], delayMs: CLOSING_CHUNK_MS },
      ]);
      const t = performance.now();
      await turn(`Change ${round}`);
      // round -1: the first check of the changed page (decision 0013, "Speed")
      if (round >= 0) ms.push(performance.now() - t);
    }
  } finally {
    await server.close();
    await llm.close();
  }
  return { ms, issues };
}

export async function benchChatGate(): Promise<ChatGateResult> {
  await warmValidation();
  const off = await turns('off');
  const on = await turns('on');
  return {
    on: { p50: pct(on.ms, 0.5), p95: pct(on.ms, 0.95) },
    off: { p50: pct(off.ms, 0.5), p95: pct(off.ms, 0.95) },
    issues: on.issues,
  };
}

export function printChatGate(r: ChatGateResult): void {
  const f = (n: number) => n.toFixed(1);
  console.log("\n(q) a space app's chat turn (one page of 30 changed), the validation gate on and off (ms)");
  console.log(`  gate on   p50 ${f(r.on.p50)}  p95 ${f(r.on.p95)}`);
  console.log(`  gate off  p50 ${f(r.off.p50)}  p95 ${f(r.off.p95)}`);
  console.log(
    `  added     p50 ${f(r.on.p50 - r.off.p50)}  p95 ${f(r.on.p95 - r.off.p95)}   (issues kept: ${r.issues})`,
  );
}

// `npx tsx bench/chat-gate.ts` runs this one alone
if (import.meta.url === `file://${process.argv[1]}`) printChatGate(await benchChatGate());
