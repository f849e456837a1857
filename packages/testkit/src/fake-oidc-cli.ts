// Runs the fake OpenID provider (standing in for Google) as its own process for e2e tests:
//   node --import tsx packages/testkit/src/fake-oidc-cli.ts [--port 4312] [--consent-page]
//     [--client-id fake-google-client] [--client-secret fake-google-secret] [--redirect-uri URL ...]
// Prints one JSON line `{"issuer":"http://127.0.0.1:PORT","clientId":...,"clientSecret":...}` on stdout once it
// listens, then stays up until SIGINT/SIGTERM. Script it through the control API (see fake-oidc-control.ts).
import { parseArgs } from 'node:util';
import { startFakeOidc } from './fake-oidc';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'consent-page': { type: 'boolean' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
  },
});

function portOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Error('--port must be a port number');
  return parsed;
}

const fake = await startFakeOidc({
  port: portOption(values.port),
  consentPage: values['consent-page'] ?? false,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  redirectUris: values['redirect-uri'],
});
const { issuer, clientId, clientSecret } = fake;
process.stdout.write(`${JSON.stringify({ issuer, clientId, clientSecret })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}
