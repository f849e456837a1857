import { and, eq, sql } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, USER_ENTITY, type EntitySchema } from '@buildai/domain';
import { preparedPerDb } from '../../db/prepared';
import { accounts, appCollaborators, appEntities, apps, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { passMembershipGate, type GateRow } from './membership-gate';
import type { Principal } from './permissions';

/** The app, the entity asked for and who the caller is there, read in one round trip. */
const accessQuery = preparedPerDb((db) =>
  db
    .select({
      appId: apps.appId,
      schema: appEntities.schema,
      ownerUserId: accounts.userId,
      appRole: users.appRole,
      paid_on: sql<boolean>`coalesce(${apps.appSettings}->'isPaidMembershipsEnabled' = 'true'::jsonb, false)`,
      setup_done: sql<boolean>`coalesce(${apps.appSettings} #> '{paidMembershipsSettings,isSetupCompleted}' = 'true'::jsonb, false)`,
      gate_product: sql<string | null>`${apps.appSettings} #>> '{paidMembershipsProduct,id}'`,
      owner_account_id: apps.ownerAccountId,
    })
    .from(apps)
    .leftJoin(
      appEntities,
      and(eq(appEntities.appId, apps.appId), eq(appEntities.name, sql.placeholder('entity'))),
    )
    // the builder who edits the app: its owner or one of its collaborators (apps' `editsApp`, written out here
    // since entities depends on no other feature)
    .leftJoin(
      accounts,
      and(
        eq(accounts.userId, sql.placeholder('builderId')),
        sql`(${accounts.accountId} = ${apps.ownerAccountId} or exists (select 1 from ${appCollaborators} where ${appCollaborators.appId} = ${apps.appId} and ${appCollaborators.accountId} = ${accounts.accountId}))`,
      ),
    )
    .leftJoin(users, and(eq(users.id, sql.placeholder('endUserId')), eq(users.tenantId, apps.appId)))
    .where(eq(apps.appId, sql.placeholder('appId')))
    .prepare('entity_access'),
);

export interface AppAccess {
  who: Principal;
  /** the app's membership gate (`membership-gate.ts`) */
  gate: GateRow;
  /** the entity's schema; null when the app has no entity of that name (or it is the built-in User) */
  schema: EntitySchema | null;
}

export interface LoadAccessOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
}

/**
 * Who the caller is on an app (docs/decisions/0008, "Who is who") and the entity's schema; 404 `app/not-found` for
 * an app that does not exist. A builder who does not own the app, a token of another tenant and an end user whose
 * account is gone are anonymous here.
 */
export async function loadAccess({ platform, caller, appId, entity }: LoadAccessOptions): Promise<AppAccess> {
  const builderId = caller?.tenantId === PLATFORM_TENANT_ID ? caller.userId : '';
  const endUserId = caller && caller.tenantId === appId ? caller.userId : '';
  const [row] = await accessQuery(platform.db).execute({ appId, entity, builderId, endUserId });
  if (!row) throw new AppError('app/not-found');
  let who: Principal = { kind: 'anonymous', userId: null };
  if (caller && row.ownerUserId) who = { kind: 'owner', userId: caller.userId };
  else if (caller && row.appRole)
    who = { kind: row.appRole === 'admin' ? 'admin' : 'user', userId: caller.userId };
  const { paid_on, setup_done, gate_product, owner_account_id } = row;
  const exempt = who.kind === 'owner' || who.kind === 'admin';
  const gate = { paid_on, setup_done, gate_product, owner_account_id, exempt };
  return { who, gate, schema: entity === USER_ENTITY ? null : (row.schema ?? null) };
}

export interface LoadEntityAccessOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
}

/**
 * Like `loadAccess`, but the entity must exist (404 `entity/not-found` otherwise) and the caller must pass the app's
 * membership gate (402 `payments/membership-required`).
 */
export async function loadEntityAccess({
  platform,
  caller,
  appId,
  entity,
}: LoadEntityAccessOptions): Promise<{ who: Principal; schema: EntitySchema }> {
  const access = await loadAccess({ platform, caller, appId, entity });
  await passMembershipGate({ platform, caller, appId, gate: access.gate });
  if (!access.schema) throw new AppError('entity/not-found');
  return { who: access.who, schema: access.schema };
}

/**
 * The caller must be the app's owner builder (entities, the User entity's records): anyone else answers 404
 * `app/not-found`, as the space routes do, and no token 401.
 */
export async function requireAppOwner(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<void> {
  if (!caller) throw new AppError('auth/unauthenticated');
  const { who } = await loadAccess({ platform, caller, appId, entity: USER_ENTITY });
  if (who.kind !== 'owner') throw new AppError('app/not-found');
}

export interface PrincipalOnOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  gate?: boolean;
}

/**
 * Who the caller is on an app (owner, admin, user or anonymous), as the data API decides it; with `gate`, the caller
 * must also pass the app's membership gate (402 `payments/membership-required`), as its records' callers do.
 */
export async function principalOn({
  platform,
  caller,
  appId,
  gate = false,
}: PrincipalOnOptions): Promise<Principal> {
  const access = await loadAccess({ platform, caller, appId, entity: '' });
  if (gate) await passMembershipGate({ platform, caller, appId, gate: access.gate });
  return access.who;
}
