import type { ExtractedText } from './pipeline';

const NUL = /\u0000/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text as PostgreSQL stores it: without U+0000, which no text column takes (one in a PDF's text failed the whole
 * document), and without lone surrogates, which are not UTF-8 (each becomes U+FFFD).
 */
export function cleanText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd');
}

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
