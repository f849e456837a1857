import { ToolRunPage } from '@/features/runtime/components/tool-run-page';

export function ToolRunRoute() {
  return <ToolRunPage />;
}
