import { BrandingPanel } from '@/features/app-settings/components/branding-panel';
import { CtaPanel } from '@/features/app-settings/components/cta-panel';
import { ResultsPanel } from '@/features/app-settings/components/results-panel';
import { TextsPanel } from '@/features/app-settings/components/texts-panel';
import { AppWorkspace, type AppWorkspaceProps } from '@/features/builder/components/workspace/app-workspace';
import { ActivateToolDialog } from '@/features/tools/components/activate-tool-dialog';
import { AppToolsPanel } from '@/features/tools/components/app-tools-panel';
import { CustomFieldsPanel } from '@/features/tools/components/fields/custom-fields-panel';
import type { ToolPanelSlots } from '@/lib/builder-types';
import { appPanels } from './app-panels';

/** The side panel's panels and the dialogs of a tool or generated app: app-settings, tools and chat-activation. */
const toolPanels: ToolPanelSlots = {
  ...appPanels,
  renderBranding: (props) => <BrandingPanel {...props} />,
  renderTexts: (props) => <TextsPanel {...props} />,
  renderResults: (props) => <ResultsPanel {...props} />,
  renderCta: (props) => <CtaPanel {...props} />,
  renderFields: (props) => <CustomFieldsPanel {...props} />,
  renderTools: (props) => <AppToolsPanel {...props} />,
  renderActivateTool: (props) => <ActivateToolDialog {...props} />,
};

/** The builder's workspace of a tool or generated app with its panels (a chunk of its own: see workspace-slots). */
export function ComposedAppWorkspace(props: AppWorkspaceProps) {
  return <AppWorkspace {...props} panels={toolPanels} />;
}
