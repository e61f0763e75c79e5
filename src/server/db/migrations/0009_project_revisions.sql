CREATE TABLE "project_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"rev" text NOT NULL,
	"purpose" text NOT NULL,
	"issued_on" date NOT NULL,
	"note" text,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"header" jsonb NOT NULL,
	CONSTRAINT "project_revisions_purpose_check" CHECK ("project_revisions"."purpose" in ('IFR', 'IFA', 'IFC'))
);
--> statement-breakpoint
CREATE TABLE "revision_rows" (
	"revision_id" integer NOT NULL,
	"entity" text NOT NULL,
	"row_id" integer NOT NULL,
	"row_key" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "revision_rows_revision_id_entity_row_id_pk" PRIMARY KEY("revision_id","entity","row_id")
);
--> statement-breakpoint
ALTER TABLE "cabling" ALTER COLUMN "allowance_pct" SET DEFAULT '10';--> statement-breakpoint
ALTER TABLE "project_revisions" ADD CONSTRAINT "project_revisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_rows" ADD CONSTRAINT "revision_rows_revision_id_project_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."project_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_revisions_key" ON "project_revisions" USING btree ("project_id","rev");--> statement-breakpoint
-- Hand-written: an issued revision never changes. No update of its header or its rows, by the app or by hand; a delete only when what holds it is gone already (the project deleted, its revisions cascading).
CREATE FUNCTION "revision_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'An issued revision cannot be changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TB001';
END $$;--> statement-breakpoint
CREATE FUNCTION "revision_delete_with_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "projects" WHERE "id" = OLD."project_id") THEN
    RAISE EXCEPTION 'An issued revision cannot be changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TB001';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE FUNCTION "revision_rows_delete_with_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "project_revisions" WHERE "id" = OLD."revision_id") THEN
    RAISE EXCEPTION 'An issued revision cannot be changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TB001';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "project_revisions_immutable" BEFORE UPDATE ON "project_revisions" FOR EACH ROW EXECUTE FUNCTION "revision_immutable"();--> statement-breakpoint
CREATE TRIGGER "revision_rows_immutable" BEFORE UPDATE ON "revision_rows" FOR EACH ROW EXECUTE FUNCTION "revision_immutable"();--> statement-breakpoint
CREATE TRIGGER "project_revisions_deleted_with_project" BEFORE DELETE ON "project_revisions" FOR EACH ROW EXECUTE FUNCTION "revision_delete_with_project"();--> statement-breakpoint
CREATE TRIGGER "revision_rows_deleted_with_revision" BEFORE DELETE ON "revision_rows" FOR EACH ROW EXECUTE FUNCTION "revision_rows_delete_with_revision"();--> statement-breakpoint
CREATE TRIGGER "revision_rows_no_truncate" BEFORE TRUNCATE ON "revision_rows" FOR EACH STATEMENT EXECUTE FUNCTION "revision_immutable"();--> statement-breakpoint
CREATE TRIGGER "project_revisions_no_truncate" BEFORE TRUNCATE ON "project_revisions" FOR EACH STATEMENT EXECUTE FUNCTION "revision_immutable"();--> statement-breakpoint
-- Hand-written: a project is "changed since its last revision" (isdirty) from the first audited change of its rows after an issue (a project never issued has no last revision: it stays false). Every write path audits in the same transaction, so the audit log is the one place to watch; only a project still marked clean is updated (and locked).
CREATE FUNCTION "mark_projects_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "projects" p SET "isdirty" = true WHERE NOT p."isdirty" AND p."id" IN (SELECT DISTINCT "project_id" FROM "audited" WHERE "project_id" IS NOT NULL) AND EXISTS (SELECT 1 FROM "project_revisions" r WHERE r."project_id" = p."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_marks_projects_dirty" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS "audited" FOR EACH STATEMENT EXECUTE FUNCTION "mark_projects_dirty"();
