CREATE TABLE "import_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"mode" integer NOT NULL,
	"user_sub" text NOT NULL,
	"username" text NOT NULL,
	"scope" integer,
	"received" integer NOT NULL,
	"stored" integer,
	"added" integer,
	"updated" integer,
	"restored" integer,
	"unchanged" integer,
	"skipped" integer,
	"rejected" integer,
	"soft_deleted" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "change_set" bigint;