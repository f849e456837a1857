// What the app database benches (records-list.ts, records-import.ts) share: the entity they use, rows of realistic
// values drawn from a seeded generator (the same rows every run), the CSV file those rows make and its conversion
// back into records the way the import wizard sends them, and an app with its end users set up in-process.
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { createApp, createLogger, createPlatform, loadConfig, schema, type Platform } from '@buildai/server';
import { parseBooleanCell, type EntitySchema, type RecordFields } from '@buildai/domain';
import { putEntity } from '../apps/server/src/features/entities';
import { BUILDER_PASSWORD } from './lib';

/** The entity both benches use: invoices, each end user seeing only their own (`creator` read and write). */
export const ENTITY = 'Invoice';

export const invoiceSchema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    customer: { type: 'string' },
    amount: { type: 'number' },
    paid: { type: 'boolean' },
    dueAt: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['draft', 'sent', 'paid', 'overdue', 'void'] },
    notes: { type: 'string' },
  },
  required: ['title', 'amount'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

/** Small seeded generator, so every run makes the same rows. */
export function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMPANIES = [
  'Acme Corp',
  'Globex',
  'Initech',
  'Umbrella Ltd',
  'Stark Industries',
  'Wayne Enterprises',
  'Hooli',
  'Vandelay Industries',
  'Soylent GmbH',
  'Müller & Söhne',
  'Café Lumière',
  'Nakatomi Trading',
];
const ITEMS = [
  'consulting',
  'website redesign',
  'hosting (annual)',
  'support plan',
  'licences',
  'training day',
  'hardware',
  'travel expenses',
  'design sprint',
  'audit',
];
const NOTES = [
  '',
  '',
  '',
  'Paid by bank transfer',
  'Net 30, 2% discount if paid within 10 days',
  'Customer asked for a copy, "urgent"',
  'Split over two deliveries:\nfirst half in March, second in May',
  'PO 4471-B; contact: accounts@example.com',
];
const STATUSES = ['draft', 'sent', 'paid', 'overdue', 'void'] as const;

/** `count` invoices as the import sends them (dates as ISO strings); the same ones for the same seed. */
export function generateInvoices(count: number, seed = 19): RecordFields[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const start = Date.UTC(2025, 0, 1);
  const rows: RecordFields[] = [];
  for (let i = 0; i < count; i++) {
    const status = pick(STATUSES);
    const notes = pick(NOTES);
    rows.push({
      title: `INV-${String(100000 + i)} ${pick(ITEMS)}`,
      customer: pick(COMPANIES),
      amount: Math.round(random() * 2_500_000) / 100,
      paid: status === 'paid',
      dueAt: new Date(start + Math.floor(random() * 730 * 86_400_000)).toISOString(),
      status,
      ...(notes ? { notes } : {}),
    });
  }
  return rows;
}

const COLUMNS = ['Title', 'Customer', 'Amount', 'Paid', 'Due at', 'Status', 'Notes'];

/** The rows as a CSV file a user would export from a spreadsheet (header row, quoted cells, "yes"/"no"). */
export function invoicesCsv(rows: RecordFields[]): string {
  const data = rows.map((r) => [
    r.title,
    r.customer,
    String(r.amount),
    r.paid ? 'yes' : 'no',
    r.dueAt,
    r.status,
    r.notes ?? '',
  ]);
  return Papa.unparse({ fields: COLUMNS, data });
}

/**
 * The CSV's rows converted to records as the import wizard does once the mapping is chosen (spec 001 §5): numbers
 * parsed, booleans from their usual spellings, datetimes to ISO strings, empty cells left out.
 */
export function csvToRecords(text: string): RecordFields[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  const fieldOf: Record<string, [string, 'text' | 'number' | 'boolean' | 'datetime']> = {
    Title: ['title', 'text'],
    Customer: ['customer', 'text'],
    Amount: ['amount', 'number'],
    Paid: ['paid', 'boolean'],
    'Due at': ['dueAt', 'datetime'],
    Status: ['status', 'text'],
    Notes: ['notes', 'text'],
  };
  return parsed.data.map((row) => {
    const fields: RecordFields = {};
    for (const [header, value] of Object.entries(row)) {
      const target = fieldOf[header];
      if (!target || value === '') continue;
      const [name, type] = target;
      if (type === 'number') fields[name] = Number(value);
      else if (type === 'boolean')
        fields[name] = parseBooleanCell(value === 'yes' ? 'true' : value === 'no' ? 'false' : value);
      else if (type === 'datetime') fields[name] = new Date(value).toISOString();
      else fields[name] = value;
    }
    return fields;
  });
}

export interface BenchApp {
  appId: string;
  ownerId: string;
  ownerToken: string;
  /** end users signed up on the app's tenant */
  users: { id: string; token: string }[];
}

/** Where a bench's data lives: a PostgreSQL database, or the embedded one of a server's DATA_DIR. */
export interface BenchDb {
  url?: string;
  dataDir: string;
}

/** The server's platform on `db`, in this process (PGlite: no server may have the data directory open meanwhile). */
export async function openPlatform(db: BenchDb): Promise<Platform> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AI_MODELS_URL: '',
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.url,
  });
  // opened and migrated as the server opens it
  return createPlatform(config, createLogger(config), { refreshModels: false });
}

/**
 * A builder, their space app (published, sign-up on) with the Invoice entity, and `endUsers` end users signed up on
 * its tenant, through the product's routes in-process. Tokens stay valid for the built server on the same data (the
 * signing key is stored in the database).
 */
export async function setUpApp(
  platform: Platform,
  endUsers: number,
  app = createApp(platform),
): Promise<BenchApp> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await app.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const email = `bench-records-${Date.now()}@example.com`;
  const { idToken: ownerToken } = await post('/api/live_api/auth/signUp', {
    email,
    password: BUILDER_PASSWORD,
    tenantId: 'platform',
  });
  await post('/api/live_api/account/create', {}, ownerToken);
  const { appId } = await post('/api/apps/new', { kind: 'space' }, ownerToken);
  // published with sign-up on, as an app whose end users keep records is
  await platform.db
    .update(schema.apps)
    .set({
      isPublished: true,
      appSettings: sql`${schema.apps.appSettings} || '{"isSignupEnabled":true}'::jsonb`,
    })
    .where(eq(schema.apps.appId, appId!));
  await putEntity({ db: platform.db, appId: appId!, name: ENTITY, schema: invoiceSchema });
  const users: BenchApp['users'] = [];
  for (let i = 0; i < endUsers; i++) {
    const { idToken } = await post('/api/live_api/auth/signUp', {
      email: `user-${i}@example.com`,
      password: BUILDER_PASSWORD,
      tenantId: appId,
    });
    users.push({ id: '', token: idToken! });
  }
  const rows = await platform.db
    .select({ id: schema.users.id, email: schema.users.email, tenantId: schema.users.tenantId })
    .from(schema.users);
  const idOf = (tenantId: string, mail: string) =>
    rows.find((r) => r.tenantId === tenantId && r.email === mail)!.id;
  users.forEach((u, i) => (u.id = idOf(appId!, `user-${i}@example.com`)));
  return { appId: appId!, ownerId: idOf('platform', email), ownerToken: ownerToken!, users };
}

export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver under drizzle (pg Pool or PGlite), for statements a bench writes itself. */
export function rawClient(platform: Pick<Platform, 'db'>): RawClient {
  return (platform.db as unknown as { $client: RawClient }).$client;
}
