import type ts from 'typescript';

export type TypeScript = typeof ts;

/** The TypeScript compiler, loaded with the first validation (it is large, and a server may never validate). */
let compiler: Promise<TypeScript> | undefined;
export function typescript(): Promise<TypeScript> {
  compiler ??= import('typescript').then(
    (m) => (m as { default?: TypeScript }).default ?? (m as unknown as TypeScript),
  );
  return compiler;
}
