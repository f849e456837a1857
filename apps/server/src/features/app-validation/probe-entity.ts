import type { EntityProbe, EntitySchema, ProbeOperations, ProbeOutcome } from '@buildai/domain';
import { sampleRecord } from './sample-record';

/** One call of the data API gets this long (the server calls itself: seconds mean something is wrong). */
const CALL_TIMEOUT_MS = 10_000;

export interface ProbeContext {
  /** the product's own address, as this server listens on it */
  baseUrl: string;
  appId: string;
  /** `Authorization` header values: the builder's own, and the two probe end users' */
  builder: string;
  user: string;
  otherUser: string;
  /** in the string fields of every record the check sends (it finds them again to remove them) */
  marker: string;
  /** every record id the check made, for its removal */
  made: string[];
}

type Answer = { status: number; body: Record<string, unknown> | null };

/**
 * One entity tried through the data API over HTTP (decision 0013, "The publish check"), as an attacker would: each
 * caller creates a record, then reads, changes and deletes one — the anonymous visitor and the other user a record
 * the first user made (the builder's when users may not create), the user their own.
 */
export async function probeEntity(
  ctx: ProbeContext,
  entity: string,
  schema: EntitySchema,
): Promise<EntityProbe> {
  const records = `${ctx.baseUrl}/api/apps/${encodeURIComponent(ctx.appId)}/entities/${encodeURIComponent(entity)}/records`;
  const call = async (
    authorization: string | null,
    request: { method: string; path?: string; json?: unknown },
  ): Promise<Answer> => {
    const { method, path = '', json } = request;
    const res = await fetch(`${records}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  };
  const sample = sampleRecord(schema, ctx.marker);
  const [firstField] = Object.keys(sample);
  let refusal: string | undefined;
  const notedRefusal = (a: Answer) => {
    const error = a.body?.error as { message?: string } | undefined;
    refusal ??= error?.message ?? `the data API answered ${a.status}`;
  };
  /** a record made by `authorization`; its id, or null when refused ('denied') or the sample was refused ('untested') */
  const create = async (
    authorization: string | null,
  ): Promise<{ outcome: ProbeOutcome; id: string | null }> => {
    const a = await call(authorization, { method: 'POST', json: { fields: sample } });
    if (a.status === 201 && typeof a.body?.id === 'string') {
      ctx.made.push(a.body.id);
      return { outcome: 'allowed', id: a.body.id };
    }
    if (a.status === 400 || a.status === 422) {
      notedRefusal(a);
      return { outcome: 'untested', id: null };
    }
    return { outcome: 'denied', id: null };
  };
  const outcomeOf = (a: Answer, ok: number): ProbeOutcome => {
    if (a.status === ok) return 'allowed';
    if (a.status === 400 || a.status === 422) {
      notedRefusal(a);
      return 'untested';
    }
    return 'denied';
  };
  /** read, change and delete record `id` as `authorization` */
  const tryRecord = async (authorization: string | null, id: string | null) => {
    if (!id) return { read: 'untested', update: 'untested', delete: 'untested' } as const;
    const read = outcomeOf(await call(authorization, { method: 'GET', path: `/${id}` }), 200);
    const update = firstField
      ? outcomeOf(
          await call(authorization, {
            method: 'PATCH',
            path: `/${id}`,
            json: { [firstField]: sample[firstField] },
          }),
          200,
        )
      : 'untested';
    const remove = outcomeOf(await call(authorization, { method: 'DELETE', path: `/${id}` }), 204);
    return { read, update, delete: remove };
  };
  /** a record of the first user, else of the builder: what the others try to reach */
  const target = async () => (await create(ctx.user)).id ?? (await create(ctx.builder)).id;

  const anonymousCreate = await create(null);
  const userCreate = await create(ctx.user);
  const otherCreate = await create(ctx.otherUser);
  const anonymous: ProbeOperations = {
    create: anonymousCreate.outcome,
    ...(await tryRecord(null, await target())),
  };
  const otherUser: ProbeOperations = {
    create: otherCreate.outcome,
    ...(await tryRecord(ctx.otherUser, await target())),
  };
  const own = userCreate.id ? (await create(ctx.user)).id : (await create(ctx.builder)).id;
  const user: ProbeOperations = { create: userCreate.outcome, ...(await tryRecord(ctx.user, own)) };
  return {
    entity,
    personalFields: [],
    access: { anonymous, user, otherUser },
    ...(refusal ? { note: `A test record was refused: ${refusal}` } : {}),
  };
}
