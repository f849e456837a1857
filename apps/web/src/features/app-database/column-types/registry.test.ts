import { describe, expect, it } from 'vitest';
import { columnDataTypes } from '@buildai/domain';
import { columnType, columnTypes, inferColumnType } from './registry';

describe('the column-type registry', () => {
  it('has one module for every type of the domain, and none besides', () => {
    for (const dataType of columnDataTypes) expect(columnType(dataType).dataType).toBe(dataType);
    expect(columnTypes.map((t) => t.dataType).sort()).toEqual([...columnDataTypes].sort());
  });

  it('gives every type what the table asks of it', () => {
    for (const type of columnTypes) {
      expect(type.label).not.toBe('');
      expect(type.width).toBeGreaterThan(0);
      expect(type.view.plain || typeof type.view.render === 'function').toBe(true);
      expect(typeof type.codec.parse).toBe('function');
    }
  });

  it('offers an editor for each type edited in place, and a modal look for each edited in the modal', () => {
    const clicks = (t: (typeof columnTypes)[number]) => [
      t.click(null),
      t.click('x'),
      t.click('x'.repeat(60)),
    ];
    for (const type of columnTypes) {
      if (clicks(type).includes('inline')) expect(type.Editor, type.dataType).toBeDefined();
      if (clicks(type).includes('modal')) expect(type.longText, type.dataType).toBeDefined();
    }
  });
});

describe('column type inference (spec 001 §3), rule by rule', () => {
  it("a name containing 'image' is an image, whatever its type", () => {
    expect(inferColumnType('coverImage', { type: 'string' })).toBe('image');
    expect(inferColumnType('IMAGE_URL', { type: 'string', format: 'date-time' })).toBe('image');
    expect(inferColumnType('imageCount', { type: 'number' })).toBe('image');
    expect(inferColumnType('images', { type: 'array', items: { enum: ['a'] } })).toBe('image');
  });

  it('format date-time is a datetime, before text', () => {
    expect(inferColumnType('due', { type: 'string', format: 'date-time' })).toBe('datetime');
    expect(inferColumnType('due', { type: ['string', 'null'], format: 'date-time' })).toBe('datetime');
    expect(inferColumnType('day', { type: 'string', format: 'date' })).toBe('text');
  });

  it('a boolean is a boolean, before select', () => {
    expect(inferColumnType('done', { type: 'boolean' })).toBe('boolean');
    expect(inferColumnType('done', { type: ['boolean', 'null'] })).toBe('boolean');
    expect(inferColumnType('flag', { type: 'boolean', enum: [true] })).toBe('boolean');
  });

  it('an enum is a select, before text and number', () => {
    expect(inferColumnType('status', { type: 'string', enum: ['open', 'closed'] })).toBe('select');
    expect(inferColumnType('level', { type: 'integer', enum: [1, 2, 3] })).toBe('select');
    expect(inferColumnType('any', { enum: ['a'] })).toBe('select');
  });

  it('a string is text, before number', () => {
    expect(inferColumnType('title', { type: 'string' })).toBe('text');
    expect(inferColumnType('note', { type: ['string', 'null'] })).toBe('text');
    expect(inferColumnType('either', { type: ['number', 'string'] })).toBe('text');
  });

  it('a number or an integer is a number', () => {
    expect(inferColumnType('price', { type: 'number' })).toBe('number');
    expect(inferColumnType('count', { type: 'integer' })).toBe('number');
    expect(inferColumnType('count', { type: ['integer', 'null'] })).toBe('number');
  });

  it('an array with enum items is a multiselect; any other array is json', () => {
    expect(inferColumnType('tags', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(
      'multiselect',
    );
    expect(inferColumnType('tags', { type: 'array', items: { enum: [] } })).toBe('multiselect');
    expect(inferColumnType('list', { type: 'array', items: { type: 'string' } })).toBe('json');
    expect(inferColumnType('list', { type: 'array' })).toBe('json');
  });

  it('an object, and anything else, is json', () => {
    expect(inferColumnType('meta', { type: 'object' })).toBe('json');
    expect(inferColumnType('loose', {})).toBe('json');
    expect(inferColumnType('nothing', { type: 'null' })).toBe('json');
  });

  it('infers each type in the spec order', () => {
    expect(inferColumnType('coverImage', { type: 'string' })).toBe('image');
    expect(inferColumnType('due', { type: 'string', format: 'date-time' })).toBe('datetime');
    expect(inferColumnType('done', { type: 'boolean' })).toBe('boolean');
    expect(inferColumnType('status', { type: 'string', enum: ['open', 'closed'] })).toBe('select');
    expect(inferColumnType('title', { type: 'string' })).toBe('text');
    expect(inferColumnType('price', { type: 'number' })).toBe('number');
    expect(inferColumnType('count', { type: 'integer' })).toBe('number');
    expect(inferColumnType('tags', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(
      'multiselect',
    );
    expect(inferColumnType('list', { type: 'array', items: { type: 'string' } })).toBe('json');
    expect(inferColumnType('meta', { type: 'object' })).toBe('json');
    expect(inferColumnType('note', { type: ['string', 'null'] })).toBe('text');
  });
});
