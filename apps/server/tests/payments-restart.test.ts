// A stop between storing a ping and processing it loses no sale: the next start queues every ping still
// `received` (issue "End users and money": "a restart during processing loses no sale").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeGumroad, TestServer } from '@buildai/testkit';
import {
  builderWithApp,
  connect,
  expectOk,
  newSeller,
  pings,
  saleRow,
  settled,
  startGumroad,
  startPaymentsServer,
} from './payments-helpers';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-payments-restart-'));
let gumroad: FakeGumroad;

beforeAll(async () => {
  gumroad = await startGumroad();
});
afterAll(async () => {
  await gumroad.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The same deployment again: the embedded database on the same DATA_DIR, or the same PostgreSQL database. */
function boot(first?: TestServer): Promise<TestServer> {
  if (onPostgres)
    return startPaymentsServer(gumroad, { REDIS_URL: undefined }, first ? { sameDeploymentAs: first } : {});
  return startPaymentsServer(gumroad, { DATA_DIR: dataDir, REDIS_URL: undefined }, { keepDataDir: true });
}

it('processes after a restart the ping a stop left stored but not processed', async () => {
  const first = await boot();
  const { appId, token } = await builderWithApp(first);
  const seller = newSeller(gumroad);
  await expectOk(connect(first, token, appId, seller));
  // the job queue stops (as at a shutdown) just as Gumroad's ping arrives
  await first.platform.jobs.close();
  const sale = (await gumroad.makeSale({ productId: seller.productId, email: 'kept@example.com' })) as {
    id: string;
  };
  expect(gumroad.pings.at(-1)!.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
  expect((await pings(first, appId)).map((p) => p.status)).toEqual(['received']);
  expect(await saleRow(first, appId, sale.id)).toBeNull();

  let second: TestServer;
  if (onPostgres) {
    second = await boot(first);
    await first.close();
  } else {
    await first.close();
    second = await boot();
  }
  try {
    expect((await settled(second, appId, 1))[0]!.status).toBe('done');
    expect((await saleRow(second, appId, sale.id))!.state).toBe('alive');
  } finally {
    await second.close();
  }
});
