/** /analytics/app/{appId}: runs, unique users and tokens per tool and per day. */
export function AnalyticsPage() {
  return null;
}
