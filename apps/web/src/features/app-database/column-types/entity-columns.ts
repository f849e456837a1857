import type { EntitySchema } from '@buildai/domain';
import type { DataTableColumn } from '../components/table-types';
import { optionColour } from './options';
import { columnType, inferColumnType } from './registry';

/** The columns of an entity: its properties in order, then the read-only Created At and User ID. */
export function entityColumns(schema: Pick<EntitySchema, 'properties'>): DataTableColumn[] {
  const columns: DataTableColumn[] = Object.entries(schema.properties).map(([name, property]) => {
    const type = columnType(inferColumnType(name, property));
    return {
      id: name,
      label: property.title ?? name,
      dataType: type.dataType,
      options: (type.options?.(property) ?? []).map((v) => ({
        label: String(v),
        backgroundColor: optionColour(String(v)),
      })),
      readonly: false,
      created: true,
    };
  });
  columns.push(
    {
      id: 'createdAt',
      label: 'Created At',
      dataType: 'datetime',
      options: [],
      readonly: true,
      created: true,
    },
    { id: 'creatorId', label: 'User ID', dataType: 'text', options: [], readonly: true, created: true },
  );
  return columns;
}
