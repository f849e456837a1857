// The CSV mapping feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { csvMappingRoutes } from './routes';
export { generateCsvMapping, MAPPING_TIMEOUT_MS } from './generate-mapping';
export { checkCsvMappings, type ProposedMapping } from './check-mappings';
export { mappingPrompt, PROMPT_CELL_CHARS, PROMPT_PREVIEW_CHARS } from './mapping-prompt';
