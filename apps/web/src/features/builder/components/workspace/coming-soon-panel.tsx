import type * as React from 'react';
import { Code2, Database, Hourglass, MessagesSquare } from 'lucide-react';

/** An honest placeholder inside the side panel for a part a later release completes. */
export function ComingSoonPanel({
  icon = <Hourglass />,
  title,
  children,
}: {
  icon?: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-5 py-8 text-center">
      <div className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-5">
        {icon}
      </div>
      <p className="mt-3 text-[11px] font-semibold tracking-wide text-primary uppercase">Coming soon</p>
      <h3 className="mt-1 text-sm font-semibold">{title}</h3>
      <div className="mt-1.5 max-w-xs text-xs leading-relaxed text-muted-foreground">{children}</div>
    </div>
  );
}

export function ChatSoon() {
  return (
    <ComingSoonPanel icon={<MessagesSquare />} title="The app chat">
      Ask for new features or modifications to your app in plain words, and watch the assistant make them.
    </ComingSoonPanel>
  );
}

export function DataSourcesSoon() {
  return (
    <ComingSoonPanel icon={<Database />} title="Data sources">
      Attach your business data (text, CSV files and documents) so your tool answers with it.
    </ComingSoonPanel>
  );
}

export function DatabaseSoon() {
  return (
    <ComingSoonPanel icon={<Database />} title="The app database">
      Browse your app&apos;s data tables, import CSV files, export rows and set who can read and write them.
    </ComingSoonPanel>
  );
}

export function CodeEditorSoon() {
  return (
    <ComingSoonPanel icon={<Code2 />} title="The code editor">
      Read and change the code of your app, with versions you can go back to.
    </ComingSoonPanel>
  );
}
