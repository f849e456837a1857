// Runs the fake LLM as its own process for e2e tests and benchmarks:
//   tsx packages/testkit/src/fake-llm-cli.ts [--port 4010] [--api-key KEY] [--embedding-dimensions 8]
// Prints one JSON line `{"url":"http://127.0.0.1:PORT/v1"}` on stdout once it listens, then stays up until
// SIGINT/SIGTERM. Script it through the control API (see fake-llm-control.ts).
import { parseArgs } from 'node:util';
import { startFakeLlm } from './fake-llm';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'api-key': { type: 'string' },
    'embedding-dimensions': { type: 'string' },
  },
});

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a non-negative integer`);
  return parsed;
}

const fake = await startFakeLlm({
  port: numberOption('port', values.port),
  apiKey: values['api-key'],
  embeddingDimensions: numberOption('embedding-dimensions', values['embedding-dimensions']),
});
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}
