/**
 * The generic entity engine's data access: one schema in src/schemas drives the list, read, save, delete
 * and import of its table. Every function takes `db`, which may be a transaction.
 */
export { listEntityRows } from './list-query';
export { getEntityRow, lookupOptions, entitySummaries } from './read-rows';
export { saveEntityBatch, saveEntityBatchAsJson } from './batch-save';
export { deleteEntityRow } from './delete-row';
export { findDependants } from './dependants';
export { importEntityRows } from './import/import-rows';
