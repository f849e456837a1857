import { ToolsCollectionPage } from '@/features/builder/components/tools-collection-page';
import { BuildAppRedirect } from '@/features/builder/components/build-app-redirect';
import { ToolEditorPage } from '@/features/builder/components/tool-editor-page';
import { ToolForm } from '@/features/runtime/components/tool-form';
import { AppKindSoon } from './coming-soon-routes';

/** The editor's live preview is the runtime's own form, composed here. */
export function ToolEditorRoute() {
  return <ToolEditorPage renderPreview={(app) => <ToolForm app={app} preview idPrefix="preview" />} />;
}

export function BuildAppRoute() {
  return <BuildAppRedirect comingSoon={<AppKindSoon />} />;
}

export function ToolsCollectionRoute() {
  return <ToolsCollectionPage />;
}
