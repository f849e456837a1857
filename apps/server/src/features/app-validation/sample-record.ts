import type { EntityProperty, EntitySchema } from '@buildai/domain';

/**
 * A record the entity's schema accepts, for the publish check to create and change (decision 0013): each property
 * gets the simplest value of its type, format, enum and bounds; strings carry `marker`, so whatever the check made
 * can be found again and removed. A schema this cannot satisfy (a pattern, say) is refused by the data API: the
 * check then says the operations could not be tried.
 */
export function sampleRecord(schema: EntitySchema, marker: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties))
    out[name] = sampleValue(property as EntityProperty, marker);
  return out;
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function sampleValue(p: EntityProperty, marker: string): unknown {
  if (Array.isArray(p.enum) && p.enum.length) return p.enum[0];
  if ('const' in p) return p.const;
  const type = Array.isArray(p.type) ? (p.type.find((t) => t !== 'null') ?? 'null') : p.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = num(p.minimum) ?? (num(p.exclusiveMinimum) ?? -1) + 1;
      return type === 'integer' ? Math.ceil(min) : min;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const n = num(p.minItems) ?? 0;
      return Array.from({ length: n }, () => (p.items ? sampleValue(p.items, marker) : marker));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(p.properties ?? {}).map(([k, v]) => [k, sampleValue(v, marker)]),
      );
    default:
      return sampleString(p, marker);
  }
}

function sampleString(p: EntityProperty, marker: string): string {
  switch (p.format) {
    case 'email':
      return `${marker}@probe.invalid`;
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'time':
      return '12:00:00';
    case 'uri':
    case 'url':
      return `https://probe.invalid/${marker}`;
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  const min = num(p.minLength) ?? 0;
  const max = num(p.maxLength) ?? Infinity;
  const text = marker.padEnd(min, 'x');
  return text.length > max ? text.slice(0, max) : text;
}
