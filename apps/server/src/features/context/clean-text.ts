import { cleanText } from '../../http/clean-json';
import type { ExtractedText } from './pipeline';

// one rule for text the database keeps, from the request edge to extracted documents (docs/decisions/0006)
export { cleanText };

async function* cleanEach(parts: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const part of parts) yield cleanText(part);
}

/** Extracted text of any kind, cleaned as `cleanText` cleans it, still read as it comes. */
export function cleanExtracted(extracted: ExtractedText): ExtractedText {
  switch (extracted.kind) {
    case 'prose':
      return { kind: 'prose', text: cleanText(extracted.text) };
    case 'prose-parts':
      return { kind: 'prose-parts', parts: cleanEach(extracted.parts) };
    case 'table':
      return { kind: 'table', header: cleanText(extracted.header), rows: extracted.rows.map(cleanText) };
    case 'table-lines':
      return { kind: 'table-lines', lines: cleanEach(extracted.lines) };
  }
}
