import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { AppError, resourceIdSchema, appMeResponse, previewTokenResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import type { Platform } from '../../platform';
import { appOrigin } from '../../config';
import { DEFAULT_CONTENT_TYPE } from '../../platform/blobs/keys';
import { verifyDataImageLink } from '../files';
import type { SigningKey } from '../identity';
import { getAppUser } from './get-app-user';
import { renderAppDocument, renderMessagePage, renderSwapScript, appResponseHeaders } from './app-document';
import type { AppBundler } from './app-bundler';
import { loadPreviewApp, loadPublishedApp, type AppToServe } from './load-app-files';
import { mintMemberLink } from './mint-member-link';
import { mintPreviewToken } from './mint-preview-token';
import { MEMBER_AUDIENCE, verifyPreviewToken } from './preview-token';

export interface SpaceRuntimeServices {
  bundler: AppBundler;
  signingKey: SigningKey;
}

/** /api/apps on the product origin: the preview link of a space app. */
export function spaceRuntimeRoutes({ signingKey }: SpaceRuntimeServices) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/preview-token',
      response: previewTokenResponse,
      summary: "A short-lived link to a space app's current files on the app origin",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await mintPreviewToken({
          platform: c.get('platform'),
          signingKey,
          caller: requireCaller(c),
          appId: params.appId,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/member-link',
      response: previewTokenResponse,
      summary:
        "A short-lived link to a published space app's page for a caller who passes its membership gate",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await mintMemberLink({
          platform: c.get('platform'),
          signingKey,
          caller: c.get('caller'),
          appId: params.appId,
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/me',
      response: appMeResponse,
      summary: 'Who the caller is to the app: its end user with their role, the owner as admin, else null',
      params: appParams,
    },
    async (c, { params }) => c.json(await getAppUser(c.get('platform'), c.get('caller'), params.appId)),
  );
  return r;
}

const RUNTIME_PATH = '/apps/_runtime/';

interface PageOptions {
  c: Context;
  status: 401 | 402 | 403 | 404 | 500 | 503;
  title: string;
  message: string;
}

function page({ c, status, title, message }: PageOptions) {
  return c.html(renderMessagePage(title, message), status, appResponseHeaders());
}

/**
 * The app origin (decision 0007, "The app origin"): app documents and the shared runtime script, and nothing of the
 * product. Every answer carries the sandbox CSP. Its own Hono app, so the product's routes are not even reachable.
 */
export function createAppOriginApp(platform: Platform, { bundler, signingKey }: SpaceRuntimeServices): Hono {
  const app = new Hono();

  async function documentInput(target: AppToServe) {
    const build = await bundler.bundle(target.files, target.style);
    const shared = await bundler.shared.set(build.ok ? build.groups : []);
    return {
      appId: target.appId,
      title: target.title,
      mainPage: target.mainPage,
      runtimeUrl: `${RUNTIME_PATH}${shared.hash}.js?g=${shared.groups.join(',')}`,
      build,
      dark: target.style?.styleName === 'dark',
    };
  }

  async function serve(c: Context, target: AppToServe, audience: 'builder' | 'visitor') {
    const input = await documentInput(target);
    const build = input.build;
    // publishing refuses an app that does not build; one published before (or whose package left) shows visitors a
    // plain page, never its build errors (the builder's preview lists them)
    if (!build.ok && audience === 'visitor') {
      platform.logger.warn(
        { appId: target.appId, errors: build.errors.length },
        'a published app does not build',
      );
      return page({
        c,
        status: 503,
        title: 'This app is being updated',
        message: 'Please try again in a little while.',
      });
    }
    const { html, nonce } = renderAppDocument(input);
    return c.html(html, 200, {
      ...appResponseHeaders(nonce, appOrigin(platform.config)),
      'Cache-Control': 'no-store',
    });
  }

  app.get(`${RUNTIME_PATH}:file`, async (c) => {
    const hash = /^([0-9a-f]{16})\.js$/.exec(c.req.param('file'))?.[1];
    const shared = hash ? await bundler.shared.byUrl(hash, c.req.query('g') ?? '') : null;
    if (!shared) return page({ c, status: 404, title: 'Not found', message: 'This file does not exist.' });
    const accepts = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    const body = encoding === 'br' ? shared.brotli : encoding === 'gzip' ? shared.gzipped : shared.code;
    return c.body(new Uint8Array(body), 200, {
      ...appResponseHeaders(),
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
  });

  app.get('/apps/:appId/preview', async (c) => {
    const appId = c.req.param('appId');
    if (!resourceIdSchema.safeParse(appId).success) throw new AppError('app/not-found');
    await verifyPreviewToken({ signingKey, appId, token: c.req.query('token') });
    return serve(c, await loadPreviewApp(platform, appId), 'builder');
  });

  // the preview's current bundle, for a frame that swaps it in place (decision 0012, "Swapping the bundle"): the same
  // link as the document's opens it; the frame loads it as a script of its own origin, never as a message's text
  app.get('/apps/:appId/preview/bundle.js', async (c) => {
    const appId = c.req.param('appId');
    if (!resourceIdSchema.safeParse(appId).success) throw new AppError('app/not-found');
    await verifyPreviewToken({ signingKey, appId, token: c.req.query('token') });
    const input = await documentInput(await loadPreviewApp(platform, appId));
    return c.body(renderSwapScript(input), 200, {
      ...appResponseHeaders(),
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });

  // an image of the app database, by the signed link the data API put in the record that holds it (issue 32, item 7):
  // only images under this app's own path, only while the link holds
  app.get('/apps/:appId/files/:account/:name', async (c) => {
    const key = await verifyDataImageLink({
      signingKey,
      path: c.req.path,
      query: {
        exp: c.req.query('exp'),
        sig: c.req.query('sig'),
      },
    });
    const blob = key ? await platform.blobs.get(key) : null;
    const contentType = blob?.contentType ?? DEFAULT_CONTENT_TYPE;
    if (!blob || !contentType.toLowerCase().startsWith('image/'))
      return page({ c, status: 404, title: 'Not found', message: 'This file does not exist.' });
    return c.body(new Uint8Array(blob.body), 200, {
      ...appResponseHeaders(),
      'Content-Type': contentType,
      'Content-Length': String(blob.body.length),
      'Cache-Control': 'private, max-age=3600',
    });
  });

  const published = async (c: Context) => {
    const appId = c.req.param('appId') ?? '';
    if (!resourceIdSchema.safeParse(appId).success) throw new AppError('app/not-found');
    const target = await loadPublishedApp(platform, appId);
    // with paid memberships on, only a member's link opens the page (the frame carries no session)
    if (target.membersOnly) {
      const ok = await verifyPreviewToken({
        signingKey,
        appId,
        token: c.req.query('access'),
        audience: MEMBER_AUDIENCE,
      }).then(
        () => true,
        () => false,
      );
      if (!ok)
        return page({
          c,
          status: 402,
          title: 'Members only',
          message: new AppError('payments/membership-required').message,
        });
    }
    return serve(c, target, 'visitor');
  };
  app.get('/apps/:appId/', published);
  app.get('/apps/:appId', published);

  app.all('*', (c) =>
    page({ c, status: 404, title: 'Not found', message: 'The app origin serves apps only.' }),
  );
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.code === 'app/not-found') {
        return page({
          c,
          status: 404,
          title: 'App not found',
          message: "This app doesn't exist, or it isn't published yet.",
        });
      }
      if (err.status === 401 || err.status === 403)
        return page({ c, status: err.status, title: 'Preview unavailable', message: err.message });
    }
    platform.logger.error({ err, path: c.req.path }, 'app origin request failed');
    return page({ c, status: 500, title: 'Something went wrong', message: 'Please try again later.' });
  });
  return app;
}
