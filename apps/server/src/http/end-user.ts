import { createHash } from 'node:crypto';
import { nanoid } from 'nanoid';
import { getCookie, setCookie } from 'hono/cookie';
import { PLATFORM_TENANT_ID } from '@buildai/domain';
import { clientIp, isHttpsRequest, type Caller, type Ctx } from './context';

/** The anonymous end user's id: random, HttpOnly, sent to the API only. */
export const END_USER_COOKIE = 'bai_uid';
const COOKIE_PATH = '/api';
const COOKIE_MAX_AGE_S = 365 * 86_400;
/** 16 random bytes, base64url. Anything else is not one of ours and is replaced. */
const UID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Who runs an app: named in run rows and memories, counted by the run limits and analytics. */
export interface EndUser {
  /** `acct:{userId}` for a signed-in user, `anon:{uid}` for a visitor known by the cookie */
  userKey: string;
  /** the signed-in user, whose memories go with their account */
  userId: string | null;
  /**
   * `ip:{hash}` of an anonymous visitor's client address (null for a signed-in user): the run limits count a
   * visitor by cookie and by address, so a new browser window (a new cookie) does not reset them
   */
  clientKey: string | null;
}

/** Whether a signed-in caller is a user of this app: one of its own end users, or a builder. */
export function isAppUser(caller: Caller | null, appId: string): caller is Caller {
  return caller !== null && (caller.tenantId === appId || caller.tenantId === PLATFORM_TENANT_ID);
}

export function accountUser(caller: Caller): EndUser {
  return { userKey: `acct:${caller.userId}`, userId: caller.userId, clientKey: null };
}

/** The client address as stored: hashed, so the runs table holds no visitor's address. */
export function clientKeyOf(c: Ctx): string {
  return `ip:${createHash('sha256').update(clientIp(c)).digest('base64url').slice(0, 22)}`;
}

/**
 * The same id sent as a header by the embedded widget's frame (decision 0010): inside another site's page the frame
 * is a third-party context whose cookies browsers do not send, so it keeps the id it was given in its own storage.
 */
export const END_USER_HEADER = 'X-BuildAI-Visitor';

/** The visitor of the cookie (or of the widget's header), or null when it is missing or not one we issued. */
export function cookieUser(c: Ctx): EndUser | null {
  const uid = getCookie(c, END_USER_COOKIE) ?? c.req.header(END_USER_HEADER);
  return uid && UID_PATTERN.test(uid)
    ? { userKey: `anon:${uid}`, userId: null, clientKey: clientKeyOf(c) }
    : null;
}

/** The end user asking, if known: the signed-in user of the app (or a builder), or the visitor of the cookie. */
export function knownEndUser(c: Ctx, appId: string): EndUser | null {
  const caller = c.get('caller');
  return isAppUser(caller, appId) ? accountUser(caller) : cookieUser(c);
}

/**
 * The end user running an app: the signed-in user of the app (or a builder), otherwise the visitor of the
 * `bai_uid` cookie (or the widget's header), issued on this response when it is missing or malformed.
 */
export function resolveEndUser(c: Ctx, appId: string): EndUser {
  const known = knownEndUser(c, appId);
  if (known) return known;
  // 22 characters of the URL alphabet (132 bits), from nanoid's pool of random bytes
  const uid = nanoid(22);
  // the widget's frame keeps it from this header; a page of the product keeps the cookie
  c.header(END_USER_HEADER, uid);
  setCookie(c, END_USER_COOKIE, uid, {
    httpOnly: true,
    sameSite: 'Lax',
    // same rule as the refresh cookie: Secure when the request came over https
    secure: isHttpsRequest(c),
    path: COOKIE_PATH,
    maxAge: COOKIE_MAX_AGE_S,
  });
  return { userKey: `anon:${uid}`, userId: null, clientKey: clientKeyOf(c) };
}
