/**
 * The rules of a tool of an app that both the server and the builder's tool dialog rely on (spec 001 §5). Without
 * zod, as field-rules.ts (docs/decisions/0005).
 */

/**
 * Whether another tool of the app (not `exceptToolId`) already has this path. Paths are unique within an app
 * whatever their case: the runtime finds tools by path.
 */
export function toolPathTaken(
  appTools: readonly { toolId: string; path: string }[],
  path: string,
  exceptToolId?: string,
): boolean {
  const wanted = path.toLowerCase();
  return appTools.some((t) => t.toolId !== exceptToolId && t.path.toLowerCase() === wanted);
}
