import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { ANALYTICS_DEFAULT_DAYS, appAnalyticsResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { getAppAnalytics } from './app-analytics';

const MAX_DAYS = 365;
const daysMessage = `a whole number from 1 to ${MAX_DAYS}`;

const analyticsQuery = z.object({
  days: z
    .string()
    .regex(/^\d*$/, daysMessage)
    .transform((raw) => (raw === '' ? ANALYTICS_DEFAULT_DAYS : Number(raw)))
    .pipe(z.number().int().min(1, daysMessage).max(MAX_DAYS, daysMessage))
    .optional(),
});

/** `/api/apps/{appId}/analytics` (builder, owner only). */
export function analyticsRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/analytics',
      response: appAnalyticsResponse,
      summary: "A published app's runs, users and tokens per day",
      params: appParams,
      query: analyticsQuery,
    },
    async (c, { params, query }) => {
      const caller = requireCaller(c);
      const days = query.days ?? ANALYTICS_DEFAULT_DAYS;
      return c.json(
        await getAppAnalytics({ platform: c.get('platform'), caller, appId: params.appId, days }),
      );
    },
  );
  return r;
}
