import { AppError, type RunEvent, type RunInputs } from '@buildai/domain';
import { apiResponse } from '@/lib/api-client';
import { readSseStream } from '@/lib/sse';

export interface RunToolOptions {
  appId: string;
  toolPath: string;
  inputs: RunInputs;
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
}

/**
 * POST /api/apps/{appId}/tools/{toolPath}/run — answers `text/event-stream` of RunEvents. Errors found before
 * streaming arrive as JSON with a 4xx/5xx status and are thrown as AppError; abort with `signal`.
 */
export async function runTool({ appId, toolPath, inputs, signal, onEvent }: RunToolOptions): Promise<void> {
  // the event parser (and zod with it) loads while the request is on its way
  const parser = import('./run-event');
  // a failed load surfaces at `await parser` below; when the request fails first, its error is the one thrown
  parser.catch(() => undefined);
  const res = await apiResponse(
    `/api/apps/${encodeURIComponent(appId)}/tools/${encodeURIComponent(toolPath)}/run`,
    { body: { inputs }, signal, headers: { Accept: 'text/event-stream' } },
  );
  if (!res.body) throw new AppError('internal');
  const { parseRunEvent } = await parser;
  await readSseStream(res.body, (data) => {
    const event = parseRunEvent(data);
    if (event) onEvent(event);
  });
}
