import { MAX_RECORDS_LIMIT, permissionLevels, PLATFORM_TENANT_ID, type EntityRecord } from '@buildai/domain';
import type { Database } from '../../db/client';
import type { Caller } from '../../http/context';
import { readScope, type Principal, type Scope } from './permissions';
import { encodeCursor, recordView, type RecordRow } from './records';

/**
 * A list of records in one statement (docs/decisions/0008, "Permissions in the SQL"): who the caller is, the entity's
 * read permission and the page of records that permission lets them read, in one round trip. The scope (every
 * record, the caller's own, none) is worked out in the statement from lists written from `readScope` itself, so the
 * rule has one source; each scope is a branch of a UNION ALL whose condition on the scope is a one-time filter, so
 * only one branch runs, on its own index: `app_records_list_idx` for every record, `app_records_creator_idx` for the
 * caller's own, both in (created_at, id) descending order. The statement is prepared by name on PostgreSQL (its plan
 * is kept per connection, with the page size in its text), as the query builder's `prepare` does for the busiest reads (decision 0005).
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
 * $1 app, $2 entity, $3 the caller's id as a builder ('' if not one), $4 as an end user of the app ('' if not one);
 * after a cursor, $5 its created_at and $6 its id. The number of rows is written in the text, not a parameter: with
 * `LIMIT $n` the planner prices a generic plan for a tenth of the table and plans every execution again, while with
 * a number it keeps the statement's generic plan and plans nothing.
 */
function listText(take: number, after: boolean): string {
  const cursor = after ? `and (r.created_at, r.id) < ($5::timestamptz, $6::text)` : '';
  return `with ctx as (
  select e.name is not null as found,
    case
      when acc.user_id is not null then 'owner'
      when u.app_role = 'admin' then 'admin'
      when u.id is not null then 'user'
      else 'anonymous'
    end || ':' || coalesce(e.schema #>> '{x-accessControl,permissions,read}', 'creator') as rule
  from apps a
  left join app_entities e on e.app_id = a.app_id and e.name = $2
  left join accounts acc on acc.account_id = a.owner_account_id and acc.user_id = $3
  left join users u on u.id = $4 and u.tenant_id = a.app_id
  where a.app_id = $1
)
select ctx.found, p.id, p.created_text as "createdAt", p.creator_id as "creatorId", p.data
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

export type ListPageResult =
  | { found: 'app' }
  | { found: 'entity' }
  | { found: true; records: EntityRecord[]; nextCursor: string | null };

interface ListRow extends Partial<RecordRow> {
  found: boolean;
}

/** The records of an entity the caller may read, newest first, or which of the app and the entity is missing. */
export async function listPage(database: Database, input: ListPageInput): Promise<ListPageResult> {
  const { caller, appId, entity, limit, cursor } = input;
  const builderId = caller?.tenantId === PLATFORM_TENANT_ID ? caller.userId : '';
  const endUserId = caller && caller.tenantId === appId ? caller.userId : '';
  const statement = statementFor(limit + 1, Boolean(cursor));
  const values: unknown[] = [appId, entity, builderId, endUserId];
  if (cursor) values.push(cursor.createdAt, cursor.id);
  // the driver's own client: the query builder cannot write a lateral UNION ALL, and `execute` cannot name it
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const { rows } = (
    database.kind === 'postgres'
      ? await client.query({ name: statement.name, text: statement.text, values })
      : await client.query(statement.text, values)
  ) as { rows: ListRow[] };
  if (rows.length === 0) return { found: 'app' };
  if (!rows[0]!.found) return { found: 'entity' };
  const records = rows.filter((r) => r.id != null) as RecordRow[];
  const page = records.length > limit ? records.slice(0, limit) : records;
  return {
    found: true,
    records: page.map(recordView),
    nextCursor: records.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
