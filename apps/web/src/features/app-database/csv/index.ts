// CSV import and export of an entity (spec 001 §4, §5, §7–§9). The signatures below are fixed: the database
// screen renders the dialog from its toolbar and calls the export.
export { CsvImportDialog, type CsvImportDialogProps } from './csv-import-dialog';
export { exportEntityCsv } from './export-csv';
