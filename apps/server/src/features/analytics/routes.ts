import { Hono } from 'hono';
import { ANALYTICS_DEFAULT_DAYS, AppError } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { getAppAnalytics } from './app-analytics';

const MAX_DAYS = 365;

function parseDays(raw: string | undefined): number {
  if (raw === undefined || raw === '') return ANALYTICS_DEFAULT_DAYS;
  const days = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
    throw new AppError('request/invalid', {
      message: `days: a whole number from 1 to ${MAX_DAYS}`,
      field: 'days',
    });
  }
  return days;
}

/** `/api/apps/{appId}/analytics` (builder, owner only). */
export function analyticsRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/:appId/analytics', async (c) => {
    const caller = requireCaller(c);
    const days = parseDays(c.req.query('days'));
    return c.json(await getAppAnalytics(c.get('platform'), caller, c.req.param('appId'), days));
  });
  return r;
}
