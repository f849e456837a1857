// The signed-in builder's shell and its light pages, loaded together on demand (see router.tsx).
export { AppShell } from '../layouts/app-shell';
export { HomeRoute } from './home-route';
export { SettingsRoute } from './settings-route';
export { JoinPlanPage } from '@/features/plans/components/join-plan-page';
// the whole app's stylesheet, after the first one (see public.css)
import '@/index.css';
