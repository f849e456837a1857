// Ingestion throughput: PDF, DOCX and CSV files uploaded to the built server and read to synced chunks, against
// the raw parsers alone (unpdf, mammoth, papaparse) on the same files in the same job.
import JSZip from 'jszip';
import mammoth from 'mammoth';
import Papa from 'papaparse';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { signUpBuilder, startBuiltServer, stop } from './lib';

interface Fixture {
  name: string;
  bytes: Uint8Array;
}

const WORDS =
  'account budget client delivery estimate forecast growth harbor invoice journey kettle ledger margin'
    .split(' ')
    .concat(
      'network order payment quarter revenue supplier target update vendor warehouse yield zone'.split(' '),
    );
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const sentence = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

async function makePdf(targetBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let size = 0;
  while (size < targetBytes) {
    for (let p = 0; p < 50; p++) {
      const page = doc.addPage([612, 792]);
      for (let i = 0; i < 60; i++) page.drawText(sentence(12), { x: 40, y: 750 - i * 12, size: 9, font });
    }
    size = (await doc.save({ useObjectStreams: false })).length;
  }
  return doc.save({ useObjectStreams: false });
}

async function makeDocx(targetBytes: number): Promise<Uint8Array> {
  const paragraphs: string[] = [];
  let length = 0;
  // random words compress about 3:1; aim the XML at three times the target
  while (length < targetBytes * 3) {
    const p = `<w:p><w:r><w:t>${sentence(40)}</w:t></w:r></w:p>`;
    paragraphs.push(p);
    length += p.length;
  }
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.join('')}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function makeCsv(targetBytes: number): Uint8Array {
  const lines = ['id,name,category,price,description'];
  let length = 0;
  for (let i = 0; length < targetBytes; i++) {
    const line = `${i},item ${i},${WORDS[i % WORDS.length]},${(i % 997) + 0.99},"${sentence(14)}"`;
    lines.push(line);
    length += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n'));
}

async function rawParse(f: Fixture): Promise<number> {
  if (f.name.endsWith('.pdf')) {
    const pdf = await getDocumentProxy(new Uint8Array(f.bytes));
    return (await extractText(pdf, { mergePages: true })).text.length;
  }
  if (f.name.endsWith('.docx'))
    return (await mammoth.extractRawText({ buffer: Buffer.from(f.bytes) })).value.length;
  return Papa.parse<string[]>(new TextDecoder().decode(f.bytes), { header: false }).data.length;
}

async function ingestOverHttp(base: string, token: string, appId: string, f: Fixture): Promise<number> {
  const upload = () => {
    const form = new FormData();
    form.append('file', new Blob([f.bytes]), f.name);
    return fetch(`${base}/api/context/ingest/file?appId=${appId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  // The kept-alive connection of the previous request may have been closed by the server while the raw parser ran
  // (its idle timeout is 5 s), and a POST is not retried by fetch: one retry on a fresh connection.
  const res = await upload().catch((err: Error & { cause?: { code?: string } }) => {
    if (err.cause?.code === 'EPIPE' || err.cause?.code === 'ECONNRESET') return upload();
    throw err;
  });
  if (res.status !== 201) throw new Error(`${f.name}: ${res.status} ${await res.text()}`);
  const { contextItemId } = (await res.json()) as { contextItemId: string };
  for (;;) {
    const list = (await (
      await fetch(`${base}/api/context/items?appId=${appId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { contextItems: { id: string; status: string; numOfChunks: number }[] };
    const item = list.contextItems.find((i) => i.id === contextItemId);
    if (item?.status === 'synced') return item.numOfChunks;
    if (item && !['unsynced', 'pending', 'running'].includes(item.status)) {
      throw new Error(`${f.name} ended ${item.status}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface IngestionResult {
  files: { name: string; mb: number; chunks: number; rawMs: number; productMs: number }[];
  totalMb: number;
  rawMbps: number;
  productMbps: number;
}

export async function benchIngestion(port = 3947): Promise<IngestionResult> {
  const fixtures: Fixture[] = [
    { name: 'report.pdf', bytes: await makePdf(6 * 1024 * 1024) },
    { name: 'handbook.docx', bytes: await makeDocx(3 * 1024 * 1024) },
    { name: 'catalogue.csv', bytes: makeCsv(9.5 * 1024 * 1024) },
  ];
  const admin = 'ingest-bench@example.com';
  const child = await startBuiltServer(port, { ADMIN_EMAILS: admin });
  const base = `http://127.0.0.1:${port}`;
  const files: IngestionResult['files'] = [];
  try {
    const token = await signUpBuilder(base, admin);
    const created = await fetch(`${base}/api/apps/new`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'tool' }),
    });
    const { appId } = (await created.json()) as { appId: string };
    // warm both paths once on a small file so neither pays for loading code
    const warm: Fixture = { name: 'warm.csv', bytes: makeCsv(10_000) };
    await rawParse(warm);
    await ingestOverHttp(base, token, appId, warm);
    for (const f of fixtures) {
      let t = performance.now();
      await rawParse(f);
      const rawMs = performance.now() - t;
      t = performance.now();
      const chunks = await ingestOverHttp(base, token, appId, f);
      const productMs = performance.now() - t;
      files.push({ name: f.name, mb: f.bytes.length / (1024 * 1024), chunks, rawMs, productMs });
    }
  } finally {
    await stop(child);
  }
  const totalMb = files.reduce((s, f) => s + f.mb, 0);
  const rawS = files.reduce((s, f) => s + f.rawMs, 0) / 1000;
  const productS = files.reduce((s, f) => s + f.productMs, 0) / 1000;
  return { files, totalMb, rawMbps: totalMb / rawS, productMbps: totalMb / productS };
}

export function printIngestion(r: IngestionResult): void {
  console.log(
    `\n(d) ingestion of ${r.totalMb.toFixed(1)} MB (upload to synced chunks vs the raw parsers alone)`,
  );
  for (const f of r.files) {
    console.log(
      `  ${f.name.padEnd(14)} ${f.mb.toFixed(1)} MB  raw ${(f.mb / (f.rawMs / 1000)).toFixed(2)} MB/s  product ${(f.mb / (f.productMs / 1000)).toFixed(2)} MB/s  chunks ${f.chunks}`,
    );
  }
  console.log(`  raw parsers   ${r.rawMbps.toFixed(2)} MB/s`);
  console.log(
    `  through BuildAI ${r.productMbps.toFixed(2)} MB/s   ratio ${(r.productMbps / r.rawMbps).toFixed(2)}x  (target >= 0.5x)`,
  );
}
