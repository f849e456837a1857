import type { AppFile } from '@buildai/domain';
import { AUTOSAVE_DEBOUNCE_MS } from '@/lib/ui-constants';

/** The editor's save status (shown beside the file's name). */
export type DraftStatus = 'saved' | 'unsaved' | 'saving' | 'error' | 'conflict';

interface Draft {
  content: string;
  /** what the server held when this edit started; when the server now holds something else, the chat changed it */
  base: string | null;
  error?: string;
}

export interface FileDraftsOptions {
  save: (path: string, content: string) => Promise<AppFile>;
  onSaved?: (file: AppFile) => void;
  /** the message of a failed save */
  describeError?: (error: unknown) => string;
  debounceMs?: number;
}

/**
 * The code editor's unsaved edits, one per file (spec 001 §9: autosave debounced at 2 s). An edit waits for the
 * debounce, then is sent; a failed save keeps the edit (code is never thrown away) and says why. When the files
 * change underneath an edit (the chat wrote the same file), the edit is kept and not sent until the builder chooses:
 * keep theirs (`keepMine`) or take the new text (`takeTheirs`). docs/decisions/0007 "Code editor".
 */
export class FileDrafts {
  private server = new Map<string, string>();
  private drafts = new Map<string, Draft>();
  private sending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();
  private idle: (() => void)[] = [];
  private options: FileDraftsOptions;
  /** bumps on every change, for useSyncExternalStore */
  version = 0;

  constructor(options: FileDraftsOptions) {
    this.options = options;
  }

  configure(options: Partial<FileDraftsOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** the files as the server now holds them */
  sync(files: readonly AppFile[]): void {
    const next = new Map(files.map((f) => [f.path, f.content]));
    const same =
      next.size === this.server.size &&
      [...next].every(([path, content]) => this.server.get(path) === content);
    if (same) return;
    this.server = next;
    // an edit that now matches the server has nothing left to save
    for (const [path, draft] of this.drafts) {
      if (!this.sending.has(path) && next.get(path) === draft.content) this.drafts.delete(path);
    }
    this.emit();
  }

  /** what the editor shows for a file: the edit, else the server's text */
  contentOf(path: string): string | undefined {
    return this.drafts.get(path)?.content ?? this.server.get(path);
  }

  isDirty(path: string): boolean {
    return this.drafts.has(path);
  }

  /** the file changed on the server since the edit started */
  hasConflict(path: string): boolean {
    const draft = this.drafts.get(path);
    return draft !== undefined && (this.server.get(path) ?? null) !== draft.base;
  }

  errorOf(path: string): string | undefined {
    return this.drafts.get(path)?.error;
  }

  get dirty(): boolean {
    return this.drafts.size > 0;
  }

  get status(): DraftStatus {
    if (this.sending.size > 0) return 'saving';
    const paths = [...this.drafts.keys()];
    if (paths.some((p) => this.hasConflict(p))) return 'conflict';
    if (paths.some((p) => this.drafts.get(p)?.error)) return 'error';
    return paths.length > 0 ? 'unsaved' : 'saved';
  }

  edit(path: string, content: string): void {
    const existing = this.drafts.get(path);
    if (!existing && this.server.get(path) === content) return;
    const base = existing ? existing.base : (this.server.get(path) ?? null);
    if (content === base && !this.sending.has(path)) this.drafts.delete(path);
    else this.drafts.set(path, { content, base });
    this.schedule();
    this.emit();
  }

  /** keep the builder's edit over the chat's change: it is sent now */
  keepMine(path: string): Promise<void> {
    const draft = this.drafts.get(path);
    if (draft) this.drafts.set(path, { content: draft.content, base: this.server.get(path) ?? null });
    return this.flush();
  }

  /** drop the builder's edit and show the server's text */
  takeTheirs(path: string): void {
    this.drafts.delete(path);
    this.emit();
  }

  /** sends every edit that waits (except those in conflict); resolves when nothing is being sent */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.sendAll();
    if (this.sending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sendAll();
    }, this.options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS);
  }

  private sendAll(): void {
    for (const [path, draft] of this.drafts) {
      if (this.sending.has(path) || this.hasConflict(path)) continue;
      this.send(path, draft.content);
    }
    this.emit();
  }

  private send(path: string, content: string): void {
    this.sending.add(path);
    const done = () => {
      this.sending.delete(path);
      if (this.sending.size === 0) {
        const waiters = this.idle;
        this.idle = [];
        waiters.forEach((resolve) => resolve());
      }
      this.emit();
    };
    this.options.save(path, content).then(
      (file) => {
        this.server.set(file.path, file.content);
        const draft = this.drafts.get(path);
        // typed on while the save was on its way: the rest waits for the next save
        if (draft && draft.content === content) this.drafts.delete(path);
        else if (draft) this.drafts.set(path, { content: draft.content, base: file.content });
        this.options.onSaved?.(file);
        done();
        if (this.drafts.has(path)) this.schedule();
      },
      (error: unknown) => {
        const draft = this.drafts.get(path);
        const message = this.options.describeError?.(error) ?? 'Failed to save';
        if (draft) this.drafts.set(path, { ...draft, error: message });
        done();
      },
    );
  }

  private emit(): void {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }
}
