// Runs the fake Gumroad as its own process for e2e tests:
//   node --import tsx packages/testkit/src/fake-gumroad-cli.ts [--port 4322] [--seller-token TOKEN]
//     [--seller-products products.json]
// `--seller-token` seeds a seller (the operator) whose access token is TOKEN; `--seller-products` gives that seller
// the products of a JSON list (`{id, name, price, membership?, yearlyPrice?}`, prices in cents), again after a reset. Prints one JSON line `{"url":...}`
// once it listens, then stays up until SIGINT/SIGTERM. Script it through the control API (fake-gumroad-control.ts).
// The server is pointed at it with GUMROAD_API_URL.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFakeGumroad, type FakeGumroadProductInput } from './fake-gumroad';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'seller-token': { type: 'string' },
    'seller-products': { type: 'string' },
  },
});

function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error('--port must be a port number');
  return parsed;
}

const productsFile = values['seller-products'];
const sellerProducts = productsFile
  ? (JSON.parse(readFileSync(productsFile, 'utf8')) as FakeGumroadProductInput[])
  : undefined;
const fake = await startFakeGumroad({
  port: portOption(values.port),
  sellerToken: values['seller-token'],
  sellerProducts,
});
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}
