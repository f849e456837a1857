import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ImageIcon, Loader2, Trash2, Upload } from 'lucide-react';
import { builderMessages, type ToolSummary } from '@buildai/domain';
import { FormError } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastError } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { refreshApp, uploadToolImage, useDeleteToolImage } from '../api/tools';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/builder-api/image-file';
import { toolTitle } from './tool-rules';
import { UploadProgress } from './upload-progress';

/** How long 'Image uploaded successfully!' stays (spec 001 §8). */
export const UPLOADED_NOTICE_MS = 3000;

interface Props {
  appId: string;
  tool: ToolSummary | undefined;
  onOpenChange: (open: boolean) => void;
}

/** Edit photo: the tool's thumbnail, uploaded with progress. */
export function ToolPhotoDialog({ appId, tool, onOpenChange }: Props) {
  return (
    <Dialog open={tool !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>{tool && <PhotoForm appId={appId} tool={tool} />}</DialogContent>
    </Dialog>
  );
}

type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The server's own words for the two upload rules; anything else is the spec's generic failure. */
function uploadFailure(err: unknown): string {
  if (isAppError(err) && (err.code === 'upload/too-large' || err.code === 'upload/not-image'))
    return err.message;
  return builderMessages.imageUploadFailed;
}

function PhotoForm({ appId, tool }: { appId: string; tool: ToolSummary }) {
  const queryClient = useQueryClient();
  const removeImage = useDeleteToolImage(appId);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [progress, setProgress] = React.useState(0);
  const [notice, setNotice] = React.useState<Notice>(null);
  const [imageUrl, setImageUrl] = React.useState(tool.imageUrl);
  const [over, setOver] = React.useState(false);
  // the upload's pending state is the mutation's; only its progress is kept here
  const uploadImage = useMutation({
    mutationFn: async (file: File) => {
      const url = await uploadToolImage(appId, tool.toolId, file, { onProgress: setProgress });
      if (!url) throw new Error('no image url');
      return url;
    },
    onSuccess: (url) => {
      setImageUrl(url);
      setNotice({ kind: 'success', text: builderMessages.imageUploaded });
      void refreshApp(queryClient, appId);
    },
    onError: (err) => setNotice({ kind: 'error', text: uploadFailure(err) }),
    onSettled: () => {
      if (inputRef.current) inputRef.current.value = '';
    },
  });
  const uploading = uploadImage.isPending;

  React.useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), UPLOADED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function upload(file: File | undefined) {
    if (!file || uploading) return;
    // the domain's image rules are checked before anything is sent
    const why = imageFileProblem(file);
    if (why) return setNotice({ kind: 'error', text: why });
    setNotice(null);
    setProgress(0);
    uploadImage.mutate(file);
  }

  function remove() {
    removeImage.mutate(tool.toolId, {
      onSuccess: () => {
        setImageUrl(null);
        setNotice(null);
      },
      onError: (err) => toastError(errorMessage(err)),
    });
  }

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Edit photo</DialogTitle>
        <DialogDescription>
          The picture of “{toolTitle(tool)}” in your app. PNG, JPEG, GIF or WebP under 10 MB.
        </DialogDescription>
      </DialogHeader>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          upload(e.dataTransfer.files[0]);
        }}
        className={cn(
          'flex flex-col items-center gap-4 rounded-xl border border-dashed p-5 transition-colors sm:flex-row',
          over && 'border-primary bg-accent/60',
        )}
      >
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
          {imageUrl ? (
            <img src={imageUrl} alt={`Photo of ${toolTitle(tool)}`} className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground/60" aria-hidden />
          )}
        </div>
        <div className="grid w-full gap-3 text-center sm:text-left">
          <p className="text-sm text-muted-foreground">Drop an image here, or choose one.</p>
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            <Button type="button" onClick={() => inputRef.current?.click()} disabled={uploading}>
              {uploading ? <Loader2 className="animate-spin" /> : <Upload />}
              {imageUrl ? 'Replace image' : 'Choose image'}
            </Button>
            {imageUrl && (
              <Button
                type="button"
                variant="ghost"
                onClick={remove}
                disabled={uploading || removeImage.isPending}
                className="text-muted-foreground hover:text-destructive"
              >
                <Trash2 />
                Remove
              </Button>
            )}
          </div>
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            aria-label="Image file"
            tabIndex={-1}
            onChange={(e) => upload(e.target.files?.[0])}
          />
        </div>
      </div>
      {uploading && <UploadProgress value={progress} label="Uploading image" />}
      {notice?.kind === 'success' && (
        <p role="status" className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckCircle2 className="size-4" />
          {notice.text}
        </p>
      )}
      <FormError message={notice?.kind === 'error' ? notice.text : null} />
    </div>
  );
}
