// The app database as other parts of the server see it (decision 0005, "Feature boundaries"; architecture §7a).
export { listEntities, findEntity, putEntity, deleteEntity, replaceEntities } from './entity-store';
export { RecordValidator, type RecordProblem } from './record-validator';
export { insertRecords, type InsertRecordsOptions } from './insert-records';
export { entityRoutes } from './routes';
export { readScope, writeScope, mayCreate, type Principal, type Scope } from './permissions';
export { listRecords } from './list-records';
export { getRecord } from './get-record';
export { createRecord } from './create-record';
export { updateRecord } from './update-record';
export { deleteRecord } from './delete-record';
export { bulkCreateRecords } from './bulk-create-records';
export { principalOn } from './access';
