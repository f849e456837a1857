/**
 * The database screen's sizes and pacing (spec 001 §9). Only the screen reads them, so they live here rather than
 * in the domain; this file imports nothing, so the records benchmark can take the import's pace from it.
 */

/** The add-column pseudo-column's id. */
export const ADD_COLUMN_ID = 999999;
export const TABLE_HEIGHT_PX = 480;
export const TABLE_ROW_HEIGHT_PX = 40;
/** Column widths: the resize limits, and the start of a column no type sizes (Created At, User ID). */
export const COLUMN_MIN_WIDTH = 50;
export const COLUMN_DEFAULT_WIDTH = 150;
export const COLUMN_MAX_WIDTH = 400;

/** An image cell's upload must be smaller than this. */
export const IMAGE_CELL_MAX_BYTES = 10_000_000;

/** Bulk row delete: chunks of 5 in parallel, 200 ms between chunks. */
export const BULK_DELETE_CHUNK = 5;
export const BULK_DELETE_PAUSE_MS = 200;

/** CSV import: rows per batch and batches in flight. */
export const CSV_IMPORT_BATCH = 10;
export const CSV_IMPORT_PARALLEL = 3;
