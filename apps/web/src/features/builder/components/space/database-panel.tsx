import { Database } from 'lucide-react';

export interface DatabasePanelProps {
  appId: string;
}

/**
 * Database (spec 001 §2 "Database screen"): the app's entities and their data tables. Until the app database
 * exists every app has none, so this is the spec's empty state; the entity list and tables take this place.
 */
export function DatabasePanel(_props: DatabasePanelProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-5 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Database className="size-5" />
      </span>
      <p className="mt-3 text-sm font-medium">No entities yet, use the chat to create one</p>
      <p className="mt-1 text-xs text-muted-foreground">
        e.g. &ldquo;Add a Task entity with a title and a due date&rdquo;
      </p>
    </div>
  );
}
