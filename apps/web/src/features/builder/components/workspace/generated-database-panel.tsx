import { Database, MessagesSquare } from 'lucide-react';
import { databaseTexts } from '@buildai/domain';

/**
 * The Database panel of a generated app (spec 001 §2): a generated app keeps its data in its tools' runs, and has
 * no entities of its own yet, so the panel shows the spec's empty state and where entities come from.
 */
export function GeneratedDatabasePanel() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Database className="size-5" />
      </span>
      <p className="mt-3 text-sm font-medium">{databaseTexts.noEntities}</p>
      <p className="mt-1 flex max-w-xs items-center gap-1.5 text-xs text-muted-foreground">
        <MessagesSquare className="size-3.5 shrink-0" />
        Open the App Chat tab and describe the data your app keeps.
      </p>
    </div>
  );
}
