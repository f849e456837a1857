import { Link } from 'react-router';
import { Check, ChevronRight, Globe, Loader2, Rocket, Save, Zap } from 'lucide-react';
import type { ToolStatus } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

interface Props {
  title: string;
  status: ToolStatus;
  isPublished: boolean;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onActivate: () => void;
  onPublish: () => void;
}

export function EditorToolbar(p: Props) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-xs text-muted-foreground">
          <Link to="/home" className="hover:text-foreground">
            Your apps
          </Link>
          <ChevronRight className="size-3" />
          <span>AI tool</span>
        </nav>
        <h1 className="mt-1 truncate text-xl font-semibold tracking-tight">
          {p.title.trim() || <span className="text-muted-foreground">Untitled tool</span>}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Badge variant={p.status === 'active' ? 'success' : 'muted'}>
            {p.status === 'active' ? <Zap /> : null}
            {p.status}
          </Badge>
          <Badge variant={p.isPublished ? 'success' : 'outline'}>
            {p.isPublished ? <Globe /> : null}
            {p.isPublished ? 'Published' : 'Not published'}
          </Badge>
          <SaveState dirty={p.dirty} saving={p.saving} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" onClick={p.onSave} disabled={p.saving || !p.dirty}>
          {p.saving ? <Loader2 className="animate-spin" /> : <Save />}
          {p.saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={p.onActivate}>
          <Zap />
          Activate
        </Button>
        <Button onClick={p.onPublish} disabled={p.publishing}>
          {p.publishing ? <Loader2 className="animate-spin" /> : <Rocket />}
          {p.isPublished ? 'Publish changes' : 'Publish'}
        </Button>
      </div>
    </div>
  );
}

function SaveState({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  if (saving) return <span className="text-xs text-muted-foreground">Saving...</span>;
  if (dirty)
    return (
      <span className="flex items-center gap-1.5 text-xs text-amber-700">
        <span className="size-1.5 rounded-full bg-amber-500" />
        Unsaved changes
      </span>
    );
  return (
    <span className="flex items-center gap-1 text-xs text-muted-foreground">
      <Check className="size-3.5" />
      All changes saved
    </span>
  );
}
