import { describe, expect, it } from 'vitest';
import { aiAppSchema, type AppView, type ToolSummary } from '@buildai/domain';
import { documentIssues } from './generated-code-panel';

const tool = (toolId: string, path: string): ToolSummary => ({
  toolId,
  title: path,
  path,
  status: 'draft',
  imageUrl: null,
  app: aiAppSchema.parse({ header: path }),
});
const app = {
  appId: 'a1',
  tools: [tool('t1', 'listing-writer'), tool('t2', 'buyer-email')],
} as unknown as AppView;
const builder = { accountId: 'b1', plan: 'explorer', isAdmin: false };

describe("the generated app's Code editor checks a document as the server will", () => {
  it('passes a valid tool document and the app document', () => {
    const doc = {
      title: 'Listing writer',
      path: 'listing-writer',
      fields: [{ name: 'rooms', label: 'Rooms' }],
    };
    expect(documentIssues('tools/listing-writer.json', JSON.stringify(doc), app, builder)).toEqual([]);
    expect(documentIssues('app.json', '{"header": "Kit"}', app, builder)).toEqual([]);
  });

  it("names the rule a document breaks, in the server's words", () => {
    const issues = (doc: object) =>
      documentIssues('tools/listing-writer.json', JSON.stringify(doc), app, builder);
    expect(issues({ title: 'X', fields: [{ name: 'input', label: 'Input' }] })).toEqual([
      'Input is a reserved field name, try another name (at fields.0.name)',
    ]);
    expect(issues({ title: 'X', path: 'buyer-email' })).toEqual([
      'Another tool of this app already uses this path (at path)',
    ]);
    expect(issues({ title: 'X', fields: [{ name: 'spot', label: 'Spot', type: 'place' }] })).toEqual([
      'This field type is available to admins only (at fields.0.type)',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, label: `F${i}` }));
    expect(issues({ title: 'X', fields: eleven })).toEqual([
      'There can be a maximum of 10 custom fields, contact us if you need more fields (at fields)',
    ]);
    expect(documentIssues('tools/listing-writer.json', '{ "title": ', app, builder)[0]).toMatch(
      /^The file is not valid JSON/,
    );
  });
});
