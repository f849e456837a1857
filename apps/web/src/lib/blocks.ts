import { asResultBlock, deriveBlocks, type AiApp, type ResultBlock } from '@buildai/domain';

/** The tool's saved blocks, or, when it has none, the blocks its prompt implies (spec 001 §3). */
export function resultBlocks(draft: Pick<AiApp, 'blocks' | 'gptPrompt'>): {
  blocks: ResultBlock[];
  derived: boolean;
} {
  const saved = draft.blocks.map(asResultBlock).filter((b): b is ResultBlock => b !== null);
  if (saved.length > 0) return { blocks: saved, derived: false };
  return { blocks: deriveBlocks(draft.gptPrompt), derived: true };
}
