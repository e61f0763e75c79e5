import { sql } from 'drizzle-orm';
import { entitySchemas } from '../../schemas/registry';
import { getEntityTable, type EntityTable } from './entity-tables';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Columns every business row carries: optimistic concurrency and who/when. */
const rowMeta = () => ({
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('created_by').notNull().default('system'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('system'),
});

/** Local accounts of the embedded identity provider, and the profile of every user who signed in. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  sub: text('sub').notNull().unique(),
  username: text('username').unique(),
  passwordHash: text('password_hash'),
  nickname: text('nickname'),
  name: text('name'),
  email: text('email'),
  picture: text('picture'),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...rowMeta(),
});

/**
 * The audit trail, written in the same transaction as the change: an update writes one row per changed
 * field (old and new value); a create or a delete writes one row for the record, field_name null (a
 * delete's holds the record's last values as a JSON object in old_value). See ARCHITECTURE.md.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id').notNull(),
    fieldName: text('field_name'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    action: text('action').notNull(),
    userSub: text('user_sub').notNull(),
    username: text('username').notNull(),
    /** The project a row of a project document belongs to (the project's own id for its header), so a project's history is one query. */
    projectId: integer('project_id'),
    /**
     * The import run (import_runs.id) that wrote this row, else null. Not indexed: an import reads its own
     * rows back by id range (they are the newest), and nothing else looks them up by it yet.
     */
    changeSet: bigint('change_set', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The log only grows, in time order, so a BRIN index (a few pages, one entry per range of blocks) serves
  // the dashboard's count of the last week; the feed reads newest first by id, the primary key. A b-tree on
  // created_at cost every audited write as much as the primary key did: 10,000 audit rows took 39 ms with
  // it and 29 ms without (PostgreSQL). An index on (table_name, record_id) cost a third of the audit time
  // too, and no screen reads a record's history yet: the screen that does will bring the index it needs.
  // The housekeeping runs' own rows (their history), a handful among millions: a partial index of them only.
  (t) => [
    index('audit_log_created_at_idx').using('brin', t.createdAt),
    index('audit_log_project_idx')
      .on(t.projectId, t.id)
      .where(sql`project_id is not null`),
    index('audit_log_housekeeping_idx')
      .on(t.id)
      .where(sql`table_name = 'housekeeping'`),
    // When an equipment row's price was typed (CAPEX escalates it from that date, in the one pricing rule the
    // header's roll-up reads too): only price changes, a small share of the audited writes.
    index('audit_log_equipment_price_idx')
      .on(t.recordId, t.createdAt)
      .where(sql`table_name = 'mech_equipment' and field_name = 'price'`),
    // A row deleted for good is named by the label its delete's audit row kept (server/entities/row-labels.ts:
    // the audit trail in words, "changed Area from 100 (deleted) to 200"): only deletes, a small share of the writes.
    index('audit_log_deleted_idx')
      .on(t.tableName, t.recordId)
      .where(sql`action = 'delete'`),
  ],
);

/**
 * One row per committed import: who imported how many rows into which list, and what the database holds of
 * them afterwards (read back from the audit rows carrying its id, audit_log.change_set). A dry run writes none.
 */
export const importRuns = pgTable('import_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tableName: text('table_name').notNull(),
  mode: integer('mode').notNull(),
  userSub: text('user_sub').notNull(),
  username: text('username').notNull(),
  /** The project (scope) an import into a project document was made into. */
  scope: integer('scope'),
  /** Rows the request carried, as the body's reader counted them. */
  received: integer('received').notNull(),
  /** Rows of the file in the database as sent: added + updated + restored + unchanged. */
  stored: integer('stored'),
  added: integer('added'),
  updated: integer('updated'),
  restored: integer('restored'),
  unchanged: integer('unchanged'),
  skipped: integer('skipped'),
  rejected: integer('rejected'),
  softDeleted: integer('soft_deleted'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's sessions, grants, codes and tokens, so that any app process can answer. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
  ],
);

/**
 * Secrets every app process must share (several may serve one database): the key that signs XSRF tokens.
 * Made by the first process that needs one, read by the others.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters every app process shares (the sign-in form's attempts per client address): one row
 * per key, its hits in the window that ends at `resets_at` (idp/rate-limit-store.ts).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * Issued revisions of a project (field guide §7): the header of each issue, and in revision_rows the
 * snapshot of every row of the project's document as it stood (the wire row as JSON, with the key the
 * change summary matches rows by). Both are immutable: triggers (migration 0009) refuse any update, and a
 * delete unless the project itself is being deleted. See ARCHITECTURE.md, "Revisions".
 */
export const projectRevisions = pgTable(
  'project_revisions',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => getEntityTable('projects').id, { onDelete: 'cascade' }),
    rev: text('rev').notNull(),
    purpose: text('purpose').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    note: text('note'),
    issuedBy: text('issued_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The project's header as issued (the wire row). */
    header: jsonb('header').notNull(),
  },
  (t) => [
    uniqueIndex('project_revisions_key').on(t.projectId, t.rev),
    check('project_revisions_purpose_check', sql`${t.purpose} in ('IFR', 'IFA', 'IFC')`),
  ],
);

export const revisionRows = pgTable(
  'revision_rows',
  {
    revisionId: integer('revision_id')
      .notNull()
      .references(() => projectRevisions.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    rowId: integer('row_id').notNull(),
    /** The row's natural key as users read it (a tag; a cable's instrument tag + cable tag): how revisions are compared. */
    rowKey: text('row_key').notNull(),
    data: jsonb('data').notNull(),
    /**
     * md5 of data's text (jsonb's text is canonical: equal values, equal text), as a uuid: the change summary
     * compares two revisions by it, not by the whole row. Null in revisions issued before migration 0035 (the
     * summary works it out for those).
     */
    digest: uuid('digest'),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.entity, t.rowId] })],
);

/**
 * Files attached to a row of any engine list whose schema takes files (`files: true`: quotes, packages,
 * equipment): one row per attachment, naming the row (entity + row_id) and the stored blob. Blobs are
 * content-addressed (sha256): the same content attached twice is stored once, and is removed only when no
 * attachment refers to it any more (file_orphans). See ARCHITECTURE.md, "Supplier documents".
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    rowId: integer('row_id').notNull(),
    fileName: text('file_name').notNull(),
    /** The type its content was found to be (file-types.ts), never the one the client named. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Where the file store keeps the blob: its sha256 in the directory store, a large object's oid on PostgreSQL. */
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    ...rowMeta(),
  },
  (t) => [
    index('attachments_row_idx').on(t.entity, t.rowId),
    index('attachments_sha256_idx').on(t.sha256),
    index('attachments_storage_key_idx').on(t.storageKey),
  ],
);

/**
 * Blobs that may have lost their last attachment, written in the transaction that deletes attachments (so a
 * rolled-back delete queues nothing), and a blob being uploaded (due an hour later, in case the upload never
 * finishes). The sweep (entities/attachments.ts) removes each one no attachment refers to once it is due.
 */
export const fileOrphans = pgTable('file_orphans', {
  storageKey: text('storage_key').primaryKey(),
  sha256: text('sha256').notNull(),
  sweepAfter: timestamp('sweep_after', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Saved views of the grids (#30 item 4): one list's filters, sort and column layout (`state`, lib/saved-views.ts),
 * by name, per user (the token's sub; the name as it was then, for the picker). Shared: read by everyone who
 * can see the list. `scope_id` is the document whose rows a scoped list shows (a project, for its
 * instruments), null for a whole list; no foreign key, as it names a row of the list's document table,
 * which differs per list. A user's names are unique per list, whatever their case. See ARCHITECTURE.md, "Saved views".
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    listKey: text('list_key').notNull(),
    scopeId: integer('scope_id'),
    name: text('name').notNull(),
    ownerSub: text('owner_sub').notNull(),
    ownerName: text('owner_name').notNull(),
    shared: boolean('shared').notNull().default(false),
    state: jsonb('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(
      t.ownerSub,
      t.listKey,
      sql`coalesce(${t.scopeId}, 0)`,
      sql`lower(${t.name})`,
    ),
    // The picker's question: this list's views (of this document) that are mine or shared.
    index('saved_views_list_idx').on(t.listKey, t.scopeId),
  ],
);

/**
 * The entity tables, derived from src/schemas (entity-tables.ts), by entity name. drizzle-kit finds the tables
 * a migration is generated from among this module's exports, loading it as CommonJS: each entity's table is
 * added to those exports here, so a new entity needs no line of its own (the app, loaded as an ES module,
 * reads them from `entityTables` or getEntityTable).
 */
export const entityTables: Readonly<Record<string, EntityTable>> = Object.fromEntries(
  entitySchemas.map((schema) => [schema.name, getEntityTable(schema.name)]),
);
if (typeof module !== 'undefined' && typeof module.exports === 'object')
  for (const [name, table] of Object.entries(entityTables)) module.exports[`entity_${name}`] = table;

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The issues of a register document (#31 item 5): per revision, the PDF and the workbook as rendered when it was
 * issued, kept byte for byte (a document issued at B downloads the same bytes tomorrow), with the digest of each
 * row it printed (the next issue marks the rows whose digest changed). Immutable: triggers of migration 0031
 * refuse an update, and a delete unless the register row (or its project) is being deleted with it.
 */
export const documentIssues = pgTable(
  'document_issues',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => getEntityTable('projects').id, { onDelete: 'cascade' }),
    documentId: integer('document_id')
      .notNull()
      .references(() => getEntityTable('project_documents').id, { onDelete: 'cascade' }),
    /** The project revision whose snapshot the lists were read from. */
    revisionId: integer('revision_id').references(() => projectRevisions.id, { onDelete: 'cascade' }),
    revision: text('revision').notNull(),
    status: text('status').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    description: text('description'),
    issuedBy: text('issued_by').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    pdf: bytea('pdf').notNull(),
    xlsx: bytea('xlsx').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    xlsxSha256: text('xlsx_sha256').notNull(),
    /** Prepared / checked / approved (name and date) as the register row had them: the revision table prints them. */
    signOffs: jsonb('sign_offs').notNull(),
    /** Row key -> digest of the cells it printed. */
    rowDigests: jsonb('row_digests').notNull(),
    rowsMarked: integer('rows_marked').notNull().default(0),
  },
  (t) => [
    uniqueIndex('document_issues_key').on(t.documentId, t.revision),
    index('document_issues_project_idx').on(t.projectId),
    check('document_issues_status_check', sql`${t.status} in ('IFR', 'IFA', 'IFC', 'ASB')`),
  ],
);
