/** The Custom data source panel of the builder (spec 001 §2) with the Data Sources dialog (spec 000 §2). */
export interface DataSourcesPanelProps {
  appId: string;
  plan: string;
  isAdmin: boolean;
  /** opens the upgrade plan dialog */
  onUpgrade: () => void;
}

export function DataSourcesPanel(_props: DataSourcesPanelProps) {
  return null;
}
