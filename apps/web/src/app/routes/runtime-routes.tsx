import { AppHomePage } from '@/features/runtime/components/app-home-page';
import { ToolRunPage } from '@/features/runtime/components/tool-run-page';

export function ToolRunRoute() {
  return <ToolRunPage />;
}

export function AppHomeRoute() {
  return <AppHomePage />;
}
