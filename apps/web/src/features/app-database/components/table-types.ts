import type { ColumnDataType, EntityProperty } from '@buildai/domain';

export interface ColumnOption {
  label: string;
  backgroundColor: string;
}

/** A column of an entity's data table (spec 001 §3 "Data table column"). */
export interface DataTableColumn {
  id: string | number;
  label: string;
  dataType: ColumnDataType;
  options: ColumnOption[];
  readonly: boolean;
  created: boolean;
}

/** A column of the table: an entity's column with its property (for limits such as `maxLength`). */
export interface TableColumn extends DataTableColumn {
  id: string;
  property?: EntityProperty;
}

/** A row of the table: a saved record, or a new row waiting for its check mark (pending). */
export interface TableRow {
  key: string;
  /** the record's id; null while pending */
  id: string | null;
  fields: Readonly<Record<string, unknown>>;
  pending: boolean;
}

/** What a cell asks of the table. One object for every cell, so memoised cells do not render again. */
export interface CellActions {
  startEdit: (rowKey: string, columnId: string) => void;
  openLong: (rowKey: string, columnId: string) => void;
  commit: (rowKey: string, columnId: string, value: unknown) => void;
  cancel: () => void;
  /** asks the chat to add an option to a select or multiselect column */
  requestOption: (columnId: string, label: string) => void;
  /** stores an image for an image cell and answers its URL */
  uploadImage: (file: File) => Promise<string>;
}
