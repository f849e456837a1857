import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_ONLY_STYLE,
  APP_FILE_PATH,
  AppError,
  appStyleSchema,
  applyToolChanges,
  checkToolDocument,
  documentText,
  MAX_TOOLS_PER_APP,
  builderMessages,
  newToolDocument,
  pathFromTitle,
  readDocumentText,
  toolDocument,
  toolFilePath,
  toolPathOfFile,
  type AppDocument,
  type AppStyle,
  type ToolDocument,
  type ToolSummary,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { apps, tools } from '../../db/schema';
import { deleteStoredImage } from './images';
import type { Platform } from '../../platform';
import type { BuilderRights } from './rights';
import { checkActivation } from './set-tool-status';
import { freePath, lockApp } from './tool-paths';
import { readStyle, toToolSummary, type AppRow, type ToolRow } from './view';

// A generated app's tools and details as documents (docs/decisions/0015): what the App Chat's actions change,
// what a version keeps and a restore puts back, and what the Code editor shows and saves. Every change goes
// through the domain's `checkToolDocument`, the rules the panels' routes enforce.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AppFile {
  path: string;
  content: string;
}

async function appTools(db: Db | Tx, appId: string): Promise<ToolRow[]> {
  return db
    .select()
    .from(tools)
    .where(eq(tools.appId, appId))
    .orderBy(asc(tools.position), asc(tools.createdAt));
}

async function appRow(db: Db | Tx, appId: string): Promise<AppRow> {
  const [row] = await db.select().from(apps).where(eq(apps.appId, appId));
  if (!row) throw new AppError('app/not-found');
  return row;
}

export function appDocument(app: AppRow): AppDocument {
  const { hideBuildAI: _hidden, ...branding } = readStyle(app);
  return { header: app.header, subheader: app.description, branding };
}

/** The app's documents: `app.json` and one `tools/{path}.json` per tool, in the app's order. */
export async function readAppDocuments(db: Db | Tx, appId: string): Promise<AppFile[]> {
  const [app, rows] = await Promise.all([appRow(db, appId), appTools(db, appId)]);
  return [
    { path: APP_FILE_PATH, content: documentText(appDocument(app)) },
    ...rows.map((t) => ({ path: toolFilePath(t.path), content: documentText(toolDocument(t)) })),
  ];
}

/**
 * What the builder's preview needs of a change, so it shows it without reading the app again: the tool as the app
 * view has it, a removed tool's id, or the app's details and branding. Sent in the tool's output to the page only
 * (the model reads the output without it, see `chatTools`).
 */
export interface ActionPreview {
  tool?: ToolSummary;
  removedToolId?: string;
  app?: { header: string; description: string; appStyle: AppStyle };
}

/** What one tool action did: `ok` with the tool's path, or why nothing changed, in words the model can act on. */
export type ToolActionResult =
  { ok: true; path?: string; toolId?: string; preview?: ActionPreview } | { ok: false; error: string };

export interface ToolActionContext {
  db: Db;
  rights: BuilderRights;
  appId: string;
  /** the app's owner, whose plan bounds the live tools */
  ownerAccountId: string;
}

interface ActivateIfAskedOptions {
  tx: Tx;
  ctx: ToolActionContext;
  toolId: string;
  before: string | null;
  after: { status: string; title: string };
}

async function activateIfAsked({ tx, ctx, toolId, before, after }: ActivateIfAskedOptions) {
  if (after.status === 'active' && before !== 'active')
    await checkActivation({
      tx,
      liveToolLimit: ctx.rights.liveToolLimit,
      ownerAccountId: ctx.ownerAccountId,
      toolId,
      title: after.title,
    });
}

/** add_tool: a new tool at the end of the app's list; a path left out is the title's, made free. */
export async function addToolDocument(ctx: ToolActionContext, sent: Record<string, unknown>) {
  return ctx.db.transaction(async (tx) => {
    await lockApp(tx, ctx.appId);
    const rows = await appTools(tx, ctx.appId);
    if (rows.length >= MAX_TOOLS_PER_APP)
      throw new AppError('tool/too-many', { message: builderMessages.maxTools(MAX_TOOLS_PER_APP) });
    const doc = newToolDocument(sent);
    if (sent.path === undefined || sent.path === '') doc.path = freePath(rows, pathFromTitle(doc.title));
    const toolId = newId();
    const checked = checkToolDocument(doc, ctx.rights, rows);
    await activateIfAsked({ tx, ctx, toolId, before: null, after: checked });
    const [row] = await tx
      .insert(tools)
      .values({
        toolId,
        appId: ctx.appId,
        ...checked,
        position: rows.reduce((max, t) => Math.max(max, t.position + 1), 0),
      })
      .returning();
    await touchApp(tx, ctx.appId);
    return { toolId, path: checked.path, preview: { tool: toToolSummary(row!, true) } };
  });
}

async function touchApp(tx: Tx, appId: string) {
  await tx.update(apps).set({ updatedAt: new Date() }).where(eq(apps.appId, appId));
}

function findByPath(rows: ToolRow[], path: string): ToolRow {
  const tool = rows.find((t) => t.path.toLowerCase() === path.trim().toLowerCase());
  if (!tool)
    throw new AppError('tool/not-found', {
      message: `The app has no tool at path "${path}"; its tools are: ${rows.map((t) => t.path).join(', ') || 'none'}`,
      field: 'path',
    });
  return tool;
}

interface WriteToolOptions {
  tx: Tx;
  ctx: ToolActionContext;
  rows: ToolRow[];
  tool: ToolRow;
  doc: ToolDocument;
}

/** Replaces a tool's row with a checked document (its id and position stay). */
async function writeTool({ tx, ctx, rows, tool, doc }: WriteToolOptions) {
  const checked = checkToolDocument(doc, ctx.rights, rows, tool.toolId);
  await activateIfAsked({ tx, ctx, toolId: tool.toolId, before: tool.status, after: checked });
  const [row] = await tx
    .update(tools)
    .set({ ...checked, updatedAt: new Date() })
    .where(and(eq(tools.toolId, tool.toolId), eq(tools.appId, ctx.appId)))
    .returning();
  await touchApp(tx, ctx.appId);
  return { toolId: tool.toolId, path: checked.path, preview: { tool: toToolSummary(row!, true) } };
}

/** edit_tool: only the keys of `changes` change (fields by name). */
export async function editToolDocument(
  ctx: ToolActionContext,
  path: string,
  changes: Record<string, unknown>,
) {
  return ctx.db.transaction(async (tx) => {
    await lockApp(tx, ctx.appId);
    const rows = await appTools(tx, ctx.appId);
    const tool = findByPath(rows, path);
    return writeTool({ tx, ctx, rows, tool, doc: applyToolChanges(toolDocument(tool), changes) });
  });
}

/** remove_tool: the tool and its runs (by cascade); its photo goes once the change is made. */
export async function removeToolDocument(platform: Platform, ctx: ToolActionContext, path: string) {
  const removed = await ctx.db.transaction(async (tx) => {
    await lockApp(tx, ctx.appId);
    const tool = findByPath(await appTools(tx, ctx.appId), path);
    await tx.delete(tools).where(eq(tools.toolId, tool.toolId));
    await touchApp(tx, ctx.appId);
    return tool;
  });
  await deleteStoredImage(platform, removed.imageUrl);
  return { path: removed.path, preview: { removedToolId: removed.toolId } };
}

/** edit_app: the header and subheader (the details panel's) and the branding (the branding panel's rules). */
export async function editAppDocument(ctx: ToolActionContext, sent: Record<string, unknown>) {
  return ctx.db.transaction(async (tx) => {
    await lockApp(tx, ctx.appId);
    const app = await appRow(tx, ctx.appId);
    const next = appDocumentChanges(ctx.rights, app, sent);
    await tx.update(apps).set(next).where(eq(apps.appId, ctx.appId));
    const { header, description, appStyle } = next;
    return { preview: { app: { header, description, appStyle } } };
  });
}

function appDocumentChanges(rights: BuilderRights, app: AppRow, sent: Record<string, unknown>) {
  const textOf = (key: string, max: number, fallback: string) => {
    const v = sent[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'string')
      throw new AppError('request/invalid', { field: key, message: `${key} must be a text` });
    if (v.trim().length > max)
      throw new AppError('request/invalid', { field: key, message: `${key}: ${max} characters max` });
    return v.trim();
  };
  const header = textOf('header', 200, app.header);
  const description = textOf('subheader', 2000, app.description);
  let appStyle = readStyle(app);
  if (sent.branding !== undefined) {
    const parsed = appStyleSchema.partial().safeParse(sent.branding);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = ['branding', ...issue.path.map(String)].join('.');
      throw new AppError('request/invalid', { field, message: `${field}: ${issue.message}` });
    }
    const changedAdminOnly = ADMIN_ONLY_STYLE.filter(
      (k) => parsed.data[k] !== undefined && parsed.data[k] !== appStyle[k],
    );
    if (!rights.isAdmin && changedAdminOnly.length > 0)
      throw new AppError('settings/admin-only', { field: `branding.${changedAdminOnly[0]}` });
    appStyle = { ...appStyle, ...parsed.data };
  }
  const genApp = { ...(app.genApp as Record<string, unknown> | null), header, description };
  return { header, description, appStyle, genApp, updatedAt: new Date() };
}

/**
 * The Code editor's save of one document: `app.json`, or `tools/{path}.json` (a new path adds a tool). The same
 * checks as the chat's actions; the document's `id` is not read.
 */
export async function saveAppDocument(ctx: ToolActionContext, file: string, content: string) {
  const sent = readDocumentText(content);
  if (file === APP_FILE_PATH) {
    await editAppDocument(ctx, sent);
    return;
  }
  const path = toolPathOfFile(file);
  if (path === null)
    throw new AppError('space/path-invalid', {
      message: `A generated app's files are ${APP_FILE_PATH} and tools/{path}.json`,
      field: 'path',
    });
  await ctx.db.transaction(async (tx) => {
    await lockApp(tx, ctx.appId);
    const rows = await appTools(tx, ctx.appId);
    const existing = rows.find((t) => t.path === path);
    const { id: _id, ...fields } = sent;
    if (!existing) throw new AppError('tool/not-found', { field: 'path' });
    // the whole document is the tool: a key left out goes back to its default
    const doc = applyToolChanges(newToolDocument({ title: existing.title }), {
      ...fields,
      path: fields.path ?? path,
    });
    await writeTool({ tx, ctx, rows, tool: existing, doc });
  });
}

/**
 * Restores a version's documents in the caller's transaction: the tools become the version's (the same ids, so a
 * tool's runs and photo stay), a tool made later goes, and the app's details and branding are put back.
 */
export async function restoreAppDocuments(tx: Tx, appId: string, files: AppFile[]): Promise<void> {
  const docs = files
    .filter((f) => toolPathOfFile(f.path) !== null)
    .map((f) => JSON.parse(f.content) as ToolDocument);
  const app = files.find((f) => f.path === APP_FILE_PATH);
  const rows = await appTools(tx, appId);
  const kept = new Set(docs.map((d) => d.id).filter((id): id is string => typeof id === 'string'));
  const gone = rows.filter((t) => !kept.has(t.toolId)).map((t) => t.toolId);
  if (gone.length > 0) await tx.delete(tools).where(inArray(tools.toolId, gone));
  // paths may swap between tools: each surviving tool steps aside first, so the unique path index holds
  for (const row of rows.filter((t) => kept.has(t.toolId)))
    await tx
      .update(tools)
      .set({ path: `restoring-${row.toolId}` })
      .where(eq(tools.toolId, row.toolId));
  const existing = new Set(rows.map((t) => t.toolId));
  const rights = { isAdmin: true, isLite: false };
  for (const [position, doc] of docs.entries()) {
    const toolId = doc.id ?? newId();
    // the version was checked when it was made; the check here only turns the document back into a row
    const row = checkToolDocument({ ...doc }, rights, []);
    const values = { ...row, position, updatedAt: new Date() };
    if (existing.has(toolId)) await tx.update(tools).set(values).where(eq(tools.toolId, toolId));
    else await tx.insert(tools).values({ toolId, appId, ...values });
  }
  if (app) {
    const doc = JSON.parse(app.content) as AppDocument;
    const current = await appRow(tx, appId);
    const appStyle = { ...readStyle(current), ...appStyleSchema.partial().parse(doc.branding ?? {}) };
    await tx
      .update(apps)
      .set({
        header: doc.header,
        description: doc.subheader,
        appStyle,
        genApp: {
          ...(current.genApp as Record<string, unknown> | null),
          header: doc.header,
          description: doc.subheader,
        },
        updatedAt: new Date(),
      })
      .where(eq(apps.appId, appId));
  }
}
