CREATE TABLE "document_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"revision_id" integer,
	"revision" text NOT NULL,
	"status" text NOT NULL,
	"issued_on" date NOT NULL,
	"description" text,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf" "bytea" NOT NULL,
	"xlsx" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL,
	"xlsx_sha256" text NOT NULL,
	"sign_offs" jsonb NOT NULL,
	"row_digests" jsonb NOT NULL,
	"rows_marked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_issues_status_check" CHECK ("document_issues"."status" in ('IFR', 'IFA', 'IFC', 'ASB'))
);
--> statement-breakpoint
CREATE TABLE "project_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"doc_number" text,
	"title" text NOT NULL,
	"doc_type" text NOT NULL,
	"discipline" text,
	"adjudication_id" integer,
	"duty_sheet_id" integer,
	"loop_number" text,
	"revision" text,
	"status" text,
	"issued_on" date,
	"prepared_by" text,
	"prepared_on" date,
	"checked_by" text,
	"checked_on" date,
	"approved_by" text,
	"approved_on" date,
	"remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "project_documents_doc_type_check" CHECK ("doc_type" in ('equipment_list', 'instrument_index', 'io_list', 'cable_schedule', 'line_list', 'electrical_load_list', 'datasheet', 'loop_sheet', 'pid_register', 'bid_tab', 'capex')),
	CONSTRAINT "project_documents_discipline_check" CHECK ("discipline" in ('PR', 'ME', 'PI', 'EL', 'IN', 'PM', 'CO')),
	CONSTRAINT "project_documents_status_check" CHECK ("status" in ('IFR', 'IFA', 'IFC', 'ASB'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "document_number_template" text DEFAULT '{project}-{discipline}-{type}-{seq}';--> statement-breakpoint
ALTER TABLE "document_issues" ADD CONSTRAINT "document_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_issues" ADD CONSTRAINT "document_issues_document_id_project_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."project_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_issues" ADD CONSTRAINT "document_issues_revision_id_project_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."project_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_duty_sheet_id_duty_sheets_id_fk" FOREIGN KEY ("duty_sheet_id") REFERENCES "public"."duty_sheets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_issues_key" ON "document_issues" USING btree ("document_id","revision");--> statement-breakpoint
CREATE INDEX "document_issues_project_idx" ON "document_issues" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_documents_key" ON "project_documents" USING btree ("project_id","doc_number");--> statement-breakpoint
CREATE INDEX "project_documents_project_id_idx" ON "project_documents" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_documents_doc_number_idx" ON "project_documents" USING btree ("doc_number");--> statement-breakpoint
CREATE INDEX "project_documents_adjudication_id_idx" ON "project_documents" USING btree ("adjudication_id");--> statement-breakpoint
CREATE INDEX "project_documents_duty_sheet_id_idx" ON "project_documents" USING btree ("duty_sheet_id");--> statement-breakpoint
-- Hand-written: an issued document never changes. No update of an issue, by the app or by hand; a delete only as part of deleting its register row or project (a cascade: the delete then runs inside the foreign key's trigger, depth > 1), never on its own.
CREATE FUNCTION "document_issue_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'An issued document cannot be changed (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'TB001';
END $$;--> statement-breakpoint
CREATE TRIGGER "document_issues_immutable" BEFORE UPDATE OR DELETE ON "document_issues" FOR EACH ROW EXECUTE FUNCTION "document_issue_immutable"();--> statement-breakpoint
CREATE TRIGGER "document_issues_no_truncate" BEFORE TRUNCATE ON "document_issues" FOR EACH STATEMENT EXECUTE FUNCTION "document_issue_immutable"();
--> statement-breakpoint
-- Hand-written: the register is not part of a revision's snapshot, so writing it (a sign-off typed, an issue stamping its revision) does not make the project "changed since its last revision".
CREATE OR REPLACE FUNCTION "mark_projects_dirty"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "projects" p SET "isdirty" = true WHERE NOT p."isdirty" AND p."id" IN (SELECT DISTINCT "project_id" FROM "audited" WHERE "project_id" IS NOT NULL AND "table_name" <> 'project_documents') AND EXISTS (SELECT 1 FROM "project_revisions" r WHERE r."project_id" = p."id");
  RETURN NULL;
END $$;
