import type { StyleImageKind } from '@buildai/domain';

/**
 * Keys of the images builders upload (docs/decisions/0003): the only blobs served publicly. Every id in them is
 * one of ours (base62), so a key is checked against the exact shape rather than cleaned up.
 */
export const FILES_URL_PREFIX = '/api/files/';

export type ImageExt = 'png' | 'jpg' | 'gif' | 'webp';

export interface ToolImageKeyOptions {
  accountId: string;
  appId: string;
  toolId: string;
  id: string;
  ext: ImageExt;
}

export function toolImageKey({ accountId, appId, toolId, id, ext }: ToolImageKeyOptions) {
  return `accounts/${accountId}/apps/${appId}/tools/${toolId}/thumb-${id}.${ext}`;
}

export interface StyleImageKeyOptions {
  accountId: string;
  appId: string;
  kind: StyleImageKind;
  id: string;
  ext: ImageExt;
}

export function styleImageKey({ accountId, appId, kind, id, ext }: StyleImageKeyOptions) {
  return `accounts/${accountId}/apps/${appId}/style/${kind}-${id}.${ext}`;
}

export interface DataImageKeyOptions {
  accountId: string;
  appId: string;
  id: string;
  ext: ImageExt;
}

/** An image of an app database's image cell. */
export function dataImageKey({ accountId, appId, id, ext }: DataImageKeyOptions) {
  return `accounts/${accountId}/apps/${appId}/data/image-${id}.${ext}`;
}

export interface ChatImageKeyOptions {
  accountId: string;
  appId: string;
  id: string;
  ext: ImageExt;
}

/** An image a builder put in the chat (a screenshot, a design): shown in the chat's history. */
export function chatImageKey({ accountId, appId, id, ext }: ChatImageKeyOptions) {
  return `accounts/${accountId}/apps/${appId}/chat/image-${id}.${ext}`;
}

const ID = '[A-Za-z0-9]+';
const PUBLIC_IMAGE_KEY = new RegExp(
  `^accounts/${ID}/apps/${ID}/(?:tools/${ID}/thumb|style/(?:logo|background)|data/image|chat/image)-${ID}\\.(?:png|jpg|gif|webp)$`,
);

/** Whether the key names an uploaded image (and nothing else a blob store may hold under `accounts/`). */
export function isPublicImageKey(key: string): boolean {
  return PUBLIC_IMAGE_KEY.test(key);
}

export function fileUrl(key: string): string {
  return `${FILES_URL_PREFIX}${key}`;
}

/** The key behind a URL this server handed out, or null for any other URL. */
export function keyOfFileUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(FILES_URL_PREFIX)) return null;
  const key = url.slice(FILES_URL_PREFIX.length);
  return isPublicImageKey(key) ? key : null;
}
