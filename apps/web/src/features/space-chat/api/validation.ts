import type {
  ApplyBundleResponse,
  AppFile,
  RepairResponse,
  ValidationIssue,
  ValidationResult,
} from '@buildai/domain';
import { api } from '@/lib/api-client';
import { appPath } from './chat-messages';

const versionPath = (appId: string, versionId: string) =>
  `${appPath(appId)}/versions/${encodeURIComponent(versionId)}`;

/** The answers with the time the client waited for them (spec 001 §3: "The client adds clientExecutionTimeMs"). */
export type Timed<T> = T & { clientExecutionTimeMs: number };

async function timed<T>(call: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const result = await call();
  return { ...result, clientExecutionTimeMs: Math.round(performance.now() - started) };
}

/** POST /api/apps/{appId}/versions/{versionId}/validate */
export function validateVersion(appId: string, versionId: string, messageId: string, messageContent: string) {
  return timed(() =>
    api<ValidationResult>(`${versionPath(appId, versionId)}/validate`, {
      method: 'POST',
      body: { messageId, messageContent },
    }),
  );
}

/** POST /api/apps/{appId}/versions/{versionId}/repair */
export function repairVersion(
  appId: string,
  versionId: string,
  body: {
    messageId: string;
    messageContent: string;
    initialIssues: ValidationIssue[];
    iterations: number;
    customModel?: string;
  },
) {
  return timed(() =>
    api<RepairResponse>(`${versionPath(appId, versionId)}/repair`, { method: 'POST', body }),
  );
}

/** POST /api/apps/{appId}/versions/{versionId}/apply-bundle */
export function applyBundle(appId: string, versionId: string, messageId: string, files: AppFile[]) {
  return api<ApplyBundleResponse>(`${versionPath(appId, versionId)}/apply-bundle`, {
    method: 'POST',
    body: { messageId, files },
  });
}
