import type { ComponentType, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { propertyTypes, type ColumnDataType, type EntityProperty } from '@buildai/domain';
import type { TableColumn } from '../components/table-types';
import { valueText, type CellParse } from '../lib/cell-values';

/**
 * One column type of the data table (spec 001 §3–§5): everything the table, its editors and its widths need to know
 * about it, in one place. The registry (`registry.ts`) lists the types; the table only ever asks it.
 */
export interface ColumnType<T extends ColumnDataType = ColumnDataType> {
  dataType: T;
  /** the header menu's name of the type, and its icon */
  label: string;
  icon: LucideIcon;
  /** the column's width before the builder resizes it (px) */
  width: number;
  /**
   * Whether a property takes this type (spec 001 §3). The registry asks the types in its order and the first that
   * matches wins, so a rule may count on the ones before it (text never sees a name with 'image' in it).
   */
  matches: (name: string, property: EntityProperty) => boolean;
  /** the values the column offers as options (select and multiselect) */
  options?: (property: EntityProperty) => unknown[] | undefined;
  view: CellView;
  codec: CellCodec;
  /** what a click on an editable cell does */
  click: (value: unknown) => CellClick;
  /** the editor in place, for a type whose click can answer 'inline' */
  Editor?: ComponentType<CellEditorProps>;
  /** the modal editor's wording and look, for a type whose click can answer 'modal' */
  longText?: LongTextLook;
}

/** A cell that is not being edited: as few elements as can show it, no state, cheap in a scrolling table. */
export interface CellView {
  /** one line of text straight in the cell (no element of its own) */
  plain: boolean;
  /** the cell's font: given before its line height, since a font size given later would take the line height back */
  font?: string;
  /** the cell's alignment */
  align?: string;
  /** a plain function, not a component: one component less in every cell of every row in view */
  render: (value: unknown, column: TableColumn) => ReactNode;
}

/** How a value becomes the text its editor starts with and the cell shows, and the editor's text a value again. */
export interface CellCodec {
  edit: (value: unknown) => string;
  display: (value: unknown) => string;
  parse: (text: string) => CellParse;
}

/** Edit in place, open the modal editor, or save a value at once (a boolean flips). */
export type CellClick = 'inline' | 'modal' | { save: unknown };

/** What the cell hands its editor; each editor takes the part it needs. */
export interface CellEditorProps {
  value: unknown;
  column: TableColumn;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
  /** asks the chat to add an option to a select or multiselect column */
  onRequestOption: (label: string) => void;
  /** stores an image for an image cell and answers its URL */
  onUpload: (file: File) => Promise<string>;
}

export interface LongTextLook {
  description: string;
  /** the text area's classes */
  className: string;
  /** whether the property's `maxLength` holds */
  limited: boolean;
}

/** Whether a property declares this JSON type (a nullable one counts). */
export function hasType(property: EntityProperty, type: string): boolean {
  return propertyTypes(property).includes(type);
}

/** The text a value is edited as and shown as when its type has no rule of its own; the text saves as it is. */
export const plainCodec: CellCodec = {
  edit: valueText,
  display: valueText,
  parse: (text) => ({ ok: true, value: text }),
};

/** A plain cell: the codec's display text, and the type's font and alignment. */
export function plainView(codec: CellCodec, look: Pick<CellView, 'font' | 'align'> = {}): CellView {
  return { plain: true, ...look, render: (value) => codec.display(value) };
}
