// Runs the fake Notion and the fake Google Drive as their own process for e2e tests:
//   node --import tsx packages/testkit/src/fake-integrations-cli.ts [--notion-port 4320] [--drive-port 4321]
// Prints one JSON line `{"notion":{"url",clientId,clientSecret},"googleDrive":{...}}` once both listen, then stays up
// until SIGINT/SIGTERM. Script them through their control routes: Notion `POST /__fake/pages`, `/__fake/databases`;
// Drive `POST /__fake/files`, `/__fake/token-lifetime`; both `POST /__fake/deny`, `/__fake/revoke`, `/__fake/reset`
// and `GET /__fake/requests`. The server is pointed at them with NOTION_API_URL, and GOOGLE_ISSUER plus
// GOOGLE_DRIVE_API_URL both set to the Drive fake's url.
import { parseArgs } from 'node:util';
import { startFakeGoogleDrive } from './fake-google-drive';
import { startFakeNotion } from './fake-notion';

const { values } = parseArgs({
  options: { 'notion-port': { type: 'string' }, 'drive-port': { type: 'string' } },
});
const port = (v: string | undefined) => (v === undefined ? undefined : Number(v));

const notion = await startFakeNotion({ port: port(values['notion-port']) });
const drive = await startFakeGoogleDrive({ port: port(values['drive-port']) });
const describe = (f: { url: string; clientId: string; clientSecret: string }) => ({
  url: f.url,
  clientId: f.clientId,
  clientSecret: f.clientSecret,
});
process.stdout.write(`${JSON.stringify({ notion: describe(notion), googleDrive: describe(drive) })}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([notion.close(), drive.close()]).finally(() => process.exit(0));
  });
}
