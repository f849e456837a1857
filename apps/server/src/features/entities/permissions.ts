import { entityPermissions, type EntitySchema, type PermissionLevel } from '@buildai/domain';

/**
 * Who calls the app database (docs/decisions/0008, "Who is who"): the app's owner builder, an end user of the app's
 * tenant (an app admin when their role says so), or an anonymous visitor (no token, another tenant's token, another
 * builder).
 */
export type Principal =
  | { kind: 'owner'; userId: string }
  | { kind: 'admin'; userId: string }
  | { kind: 'user'; userId: string }
  | { kind: 'anonymous'; userId: null };

/** Which records a caller reaches: every one, the caller's own (`creator_id` = the caller), or none. */
export type Scope = 'all' | 'own' | 'none';

/** The records a caller may read (list, get) under an entity's read permission. */
export function readScope(level: PermissionLevel, who: Principal): Scope {
  if (who.kind === 'owner') return 'all';
  switch (level) {
    case 'anonymous':
      return 'all';
    case 'all':
      return who.kind === 'anonymous' ? 'none' : 'all';
    case 'admin':
      return who.kind === 'admin' ? 'all' : 'none';
    case 'creator':
      return who.kind === 'admin' ? 'all' : who.kind === 'user' ? 'own' : 'none';
    case 'none':
      return 'none';
  }
}

/** Whether a caller may create records under an entity's write permission. */
export function mayCreate(level: PermissionLevel, who: Principal): boolean {
  if (who.kind === 'owner') return true;
  switch (level) {
    case 'anonymous':
      return true;
    case 'all':
    case 'creator':
      return who.kind !== 'anonymous';
    case 'admin':
      return who.kind === 'admin';
    case 'none':
      return false;
  }
}

/** The records a caller may change or delete under an entity's write permission (reading aside). */
export function writeScope(level: PermissionLevel, who: Principal): Scope {
  if (who.kind === 'owner') return 'all';
  if (who.kind === 'anonymous') return 'none';
  switch (level) {
    case 'anonymous':
    case 'creator':
      return who.kind === 'admin' ? 'all' : 'own';
    case 'all':
      return 'all';
    case 'admin':
      return who.kind === 'admin' ? 'all' : 'none';
    case 'none':
      return 'none';
  }
}

/** The narrower of two scopes: what both allow. */
export function bothScopes(a: Scope, b: Scope): Scope {
  if (a === 'none' || b === 'none') return 'none';
  if (a === 'own' || b === 'own') return 'own';
  return 'all';
}

/** The read and write scopes of a caller on an entity. */
export function scopesOf(
  schema: EntitySchema,
  who: Principal,
): { read: Scope; write: Scope; create: boolean } {
  const permissions = entityPermissions(schema);
  const read = readScope(permissions.read, who);
  return {
    read,
    // a record the caller cannot read is not theirs to change either (it answers 404, not 403)
    write: bothScopes(read, writeScope(permissions.write, who)),
    create: mayCreate(permissions.write, who),
  };
}
