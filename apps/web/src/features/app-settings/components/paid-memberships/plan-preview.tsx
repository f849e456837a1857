import * as React from 'react';

/** What the preview of an app's plan dialog needs: the app whose membership plan is shown. */
export interface PlanPreviewRequest {
  appId: string;
}

type ShowPlanPreview = (request: PlanPreviewRequest) => void;

const PlanPreviewContext = React.createContext<ShowPlanPreview | null>(null);

/**
 * The plan dialog belongs to the plans feature: the route provides a way to open it in its demo view, and the Paid
 * memberships section offers 'Show pricing plan' only when one is provided.
 */
export function PlanPreviewProvider({
  onShow,
  children,
}: {
  onShow: ShowPlanPreview;
  children: React.ReactNode;
}) {
  return <PlanPreviewContext.Provider value={onShow}>{children}</PlanPreviewContext.Provider>;
}

export function usePlanPreview(): ShowPlanPreview | null {
  return React.useContext(PlanPreviewContext);
}
