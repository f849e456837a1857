import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { publishCheckTexts, type PublishCheckResponse, type PublishFinding } from '@buildai/domain';
import { appRecords } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilder } from '../apps';
import { listEntities } from '../entities';
import type { SigningKey } from '../identity';
import { readAppFiles } from '../spaces';
import { probeEntity } from './probe-entity';
import { makeProbeIdentities } from './probe-identities';
import { personalFields, secretsInCode } from './publish-findings';

export interface PublishCheckOptions {
  platform: Platform;
  signingKey: SigningKey;
  caller: Caller;
  appId: string;
  /** the product's own address as this server listens (the data API is called there over HTTP) */
  baseUrl: string;
  /** the builder's own `Authorization` header (the builder's records are made with it) */
  authorization: string;
}

/**
 * POST /api/apps/{appId}/publish-check (issue 30, decision 0013 "The publish check"): who can read and write each
 * entity, tried through the data API as an anonymous visitor, a signed-up end user and another one, and the
 * secret-looking strings of the pages' code. Leaves nothing behind: the probe users and every record the check
 * made are removed before it answers, whatever happened.
 */
export async function publishCheck(options: PublishCheckOptions): Promise<PublishCheckResponse> {
  const { platform, caller, appId } = options;
  const started = Date.now();
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, appId);
  const [entries, files] = await Promise.all([
    listEntities(platform.db, app.appId),
    readAppFiles(platform.db, app.appId),
  ]);
  const findings: PublishFinding[] = [];
  const entities: PublishCheckResponse['entities'] = [];
  if (entries.length) {
    const marker = `publish-check-${randomBytes(8).toString('hex')}`;
    const made: string[] = [];
    const probe = await makeProbeIdentities(platform, options.signingKey, app.appId);
    try {
      for (const { name, schema } of entries) {
        const result = await probeEntity(
          {
            baseUrl: options.baseUrl,
            appId: app.appId,
            builder: options.authorization,
            user: probe.user.authorization,
            otherUser: probe.otherUser.authorization,
            marker,
            made,
          },
          name,
          schema,
        );
        entities.push({ ...result, personalFields: personalFields(name, schema) });
      }
    } finally {
      await probe.remove(made);
      // a record whose answer was lost on the way still carries the marker
      await platform.db
        .delete(appRecords)
        .where(and(eq(appRecords.appId, app.appId), sql`${appRecords.data}::text like ${`%${marker}%`}`));
    }
  }
  for (const e of entities) {
    if (!e.personalFields.length) continue;
    if (e.access.anonymous.read === 'allowed')
      findings.push({
        kind: 'personal-data',
        entity: e.entity,
        message: publishCheckTexts.anonymousReads(e.entity, e.personalFields),
      });
    else if (e.access.otherUser.read === 'allowed')
      findings.push({
        kind: 'personal-data',
        entity: e.entity,
        message: publishCheckTexts.usersRead(e.entity, e.personalFields),
      });
  }
  for (const hit of secretsInCode(files))
    findings.push({
      kind: 'secret',
      file: hit.file,
      line: hit.line,
      message: publishCheckTexts.secret(hit.kind, hit.file, hit.line),
    });
  return { entities, findings, durationMs: Date.now() - started };
}
