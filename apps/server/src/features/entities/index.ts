// The app database as other parts of the server see it (decision 0005, "Feature boundaries"; architecture §7a).
export { listEntities, findEntity, putEntity, deleteEntity, replaceEntities } from './entity-store';
export { RecordValidator, type RecordProblem } from './record-validator';
export { insertRecords, type InsertRecordsOptions } from './insert-records';
export { entityRoutes } from './routes';
export { readScope, writeScope, mayCreate, type Principal, type Scope } from './permissions';
