import { MAX_RECORDS_LIMIT, permissionLevels, PLATFORM_TENANT_ID, type EntityRecord } from '@buildai/domain';
import type { Database } from '../../db/client';
import type { Caller } from '../../http/context';
import { readScope, type Principal, type Scope } from './permissions';
import { GATE_COLUMNS, type GateRow } from './membership-gate';
import { encodeCursor, recordView, type RecordRow } from './records';

/**
 * Reads in one statement (docs/decisions/0008, "Permissions in the SQL"): who the caller is, the entity's read
 * permission and the records that permission lets them read (a page of a list, or one record), in one round trip.
 * The scope (every record, the caller's own, none) is worked out in the statement from lists written from
 * `readScope` itself, so the rule has one source; each scope is a branch of a UNION ALL whose condition on the scope
 * is a one-time filter, so only one branch runs, on its own index: `app_records_list_idx` for every record,
 * `app_records_creator_idx` for the caller's own, both in (created_at, id) descending order. The statements are
 * prepared by name on PostgreSQL (their plans kept per connection, a list's page size in its text), as the query
 * builder's `prepare` does for the busiest reads (decision 0005).
 */

const KINDS: Principal['kind'][] = ['owner', 'admin', 'user', 'anonymous'];

/** The `kind:level` pairs of a scope, from `readScope`, as SQL string literals. */
function rulesOf(scope: Scope): string {
  const pairs: string[] = [];
  for (const kind of KINDS) {
    const who = { kind, userId: kind === 'anonymous' ? null : 'x' } as Principal;
    for (const level of permissionLevels)
      if (readScope(level, who) === scope) pairs.push(`'${kind}:${level}'`);
  }
  return pairs.length ? pairs.join(', ') : `''`;
}

const COLUMNS = `r.id, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_text,
    r.created_at, r.creator_id, r.data`;

/**
 * Who the caller is and the entity's read rule, as `kind:level`: $1 app, $2 entity, $3 the caller's id as a builder
 * ('' if not one), $4 as an end user of the app ('' if not one).
 */
const CTX = `with ctx as (
  select e.name is not null as found,
    case
      when acc.user_id is not null then 'owner'
      when u.app_role = 'admin' then 'admin'
      when u.id is not null then 'user'
      else 'anonymous'
    end || ':' || coalesce(e.schema #>> '{x-accessControl,permissions,read}', 'creator') as rule,
    ${GATE_COLUMNS}
  from apps a
  left join app_entities e on e.app_id = a.app_id and e.name = $2
  left join accounts acc on acc.account_id = a.owner_account_id and acc.user_id = $3
  left join users u on u.id = $4 and u.tenant_id = a.app_id
  where a.app_id = $1
)`;

const SELECT = `select ctx.found, ctx.paid_on, ctx.setup_done, ctx.gate_product, ctx.owner_account_id, ctx.exempt, p.id, p.created_text as "createdAt", p.creator_id as "creatorId", p.data`;

/**
 * A page: after a cursor, $5 its created_at and $6 its id. The number of rows is written in the text, not a
 * parameter: with `LIMIT $n` the planner prices a generic plan for a tenth of the table and plans every execution
 * again, while with a number it keeps the statement's generic plan and plans nothing.
 */
function listText(take: number, after: boolean): string {
  const cursor = after ? `and (r.created_at, r.id) < ($5::timestamptz, $6::text)` : '';
  return `${CTX}
${SELECT}
from ctx left join lateral (
  (select ${COLUMNS} from app_records r
    where ctx.found and ctx.rule in (${rulesOf('all')})
      and r.app_id = $1 and r.entity = $2 ${cursor}
    order by r.created_at desc, r.id desc limit ${take})
  union all
  (select ${COLUMNS} from app_records r
    where ctx.found and ctx.rule in (${rulesOf('own')})
      and r.app_id = $1 and r.entity = $2 and r.creator_id = $4 ${cursor}
    order by r.created_at desc, r.id desc limit ${take})
) p on true
order by p.created_at desc, p.id desc`;
}

/** One record, $5 its id, under the same rule. */
const GET_STATEMENT = {
  name: 'records_get',
  text: `${CTX}
${SELECT}
from ctx left join lateral (
  (select ${COLUMNS} from app_records r
    where ctx.found and ctx.rule in (${rulesOf('all')}) and r.id = $5 and r.app_id = $1 and r.entity = $2)
  union all
  (select ${COLUMNS} from app_records r
    where ctx.found and ctx.rule in (${rulesOf('own')}) and r.id = $5 and r.app_id = $1 and r.entity = $2
      and r.creator_id = $4)
) p on true`,
};

/** How many records the caller may read (the data table's footer), under the same rule: one count runs. */
const COUNT_STATEMENT = {
  name: 'records_count',
  text: `${CTX}
select ctx.found,
  (select count(*) from app_records r
    where ctx.found and ctx.rule in (${rulesOf('all')}) and r.app_id = $1 and r.entity = $2)
  + (select count(*) from app_records r
    where ctx.found and ctx.rule in (${rulesOf('own')}) and r.app_id = $1 and r.entity = $2
      and r.creator_id = $4) as total
from ctx`,
};

/** The statements by rows to read and cursor: at most (MAX_RECORDS_LIMIT + 1) × 2, each written once. */
const statements = new Map<string, { name: string; text: string }>();

function statementFor(take: number, after: boolean): { name: string; text: string } {
  if (!Number.isInteger(take) || take < 1 || take > MAX_RECORDS_LIMIT + 1)
    throw new Error(`bad page size ${take}`);
  const name = `records_list_${take}${after ? '_after' : ''}`;
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = { name, text: listText(take, after) }));
  return statement;
}

interface QueryClient {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

export interface ListPageInput {
  caller: Caller | null;
  appId: string;
  entity: string;
  limit: number;
  cursor?: { createdAt: string; id: string };
}

/** Once the app is found: its membership gate, read in the same statement (`membership-gate.ts`). */
export type ListPageResult =
  | { found: 'app' }
  | { found: 'entity'; gate: GateRow }
  | { found: true; gate: GateRow; records: EntityRecord[]; nextCursor: string | null };

interface ScopedRow extends Partial<RecordRow>, GateRow {
  found: boolean;
}

function gateOf(row: ScopedRow): GateRow {
  const { paid_on, setup_done, gate_product, owner_account_id, exempt } = row;
  return { paid_on, setup_done, gate_product, owner_account_id, exempt };
}

/** The ids a statement takes for the caller: as the app's builder, as one of its end users ('' when not). */
function callerIds(caller: Caller | null, appId: string): [string, string] {
  return [
    caller?.tenantId === PLATFORM_TENANT_ID ? caller.userId : '',
    caller && caller.tenantId === appId ? caller.userId : '',
  ];
}

/** Runs a statement through the driver, prepared by name on PostgreSQL. */
async function run(
  database: Database,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<ScopedRow[]> {
  // the driver's own client: the query builder cannot write a lateral UNION ALL, and `execute` cannot name it
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const { rows } =
    database.kind === 'postgres'
      ? await client.query({ name: statement.name, text: statement.text, values })
      : await client.query(statement.text, values);
  return rows as ScopedRow[];
}

/** The records of an entity the caller may read, newest first, or which of the app and the entity is missing. */
export async function listPage(database: Database, input: ListPageInput): Promise<ListPageResult> {
  const { caller, appId, entity, limit, cursor } = input;
  const values: unknown[] = [appId, entity, ...callerIds(caller, appId)];
  if (cursor) values.push(cursor.createdAt, cursor.id);
  const rows = await run(database, statementFor(limit + 1, Boolean(cursor)), values);
  if (rows.length === 0) return { found: 'app' };
  const gate = gateOf(rows[0]!);
  if (!rows[0]!.found) return { found: 'entity', gate };
  const records = rows.filter((r) => r.id != null) as RecordRow[];
  const page = records.length > limit ? records.slice(0, limit) : records;
  return {
    found: true,
    gate,
    records: page.map(recordView),
    nextCursor: records.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export type ReadOneResult =
  | { found: 'app' }
  | { found: 'entity'; gate: GateRow }
  | { found: 'record'; gate: GateRow }
  | { found: true; gate: GateRow; record: EntityRecord };

/** One record the caller may read, or which of the app, the entity and the record is missing (or not theirs). */
export async function readOne(
  database: Database,
  input: { caller: Caller | null; appId: string; entity: string; id: string },
): Promise<ReadOneResult> {
  const { caller, appId, entity, id } = input;
  const rows = await run(database, GET_STATEMENT, [appId, entity, ...callerIds(caller, appId), id]);
  if (rows.length === 0) return { found: 'app' };
  const gate = gateOf(rows[0]!);
  if (!rows[0]!.found) return { found: 'entity', gate };
  if (rows[0]!.id == null) return { found: 'record', gate };
  return { found: true, gate, record: recordView(rows[0] as RecordRow) };
}

/** How many of an entity's records the caller may read (0 when the app or the entity is not found). */
export async function countReadable(
  database: Database,
  input: { caller: Caller | null; appId: string; entity: string },
): Promise<number> {
  const { caller, appId, entity } = input;
  const rows = (await run(database, COUNT_STATEMENT, [
    appId,
    entity,
    ...callerIds(caller, appId),
  ])) as unknown as {
    total: string | number | null;
  }[];
  return Number(rows[0]?.total ?? 0);
}
