import { AnalyticsPage } from '@/features/analytics/components/analytics-page';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';

export function AnalyticsRoute() {
  return <AnalyticsPage />;
}
