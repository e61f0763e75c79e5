CREATE TABLE "meeting_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"meeting_id" integer NOT NULL,
	"item_no" integer NOT NULL,
	"kind" text DEFAULT 'information' NOT NULL,
	"description" text NOT NULL,
	"owner" text,
	"due_date" date,
	"status" text DEFAULT 'open',
	"carried_from" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "meeting_items_kind_check" CHECK ("kind" in ('information', 'decision', 'action')),
	CONSTRAINT "meeting_items_status_check" CHECK ("status" in ('open', 'done', 'cancelled', 'carried'))
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"series" text NOT NULL,
	"meeting_date" date NOT NULL,
	"project_id" integer,
	"location" text,
	"attendees" text,
	"agenda" text,
	"is_testdata" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_items" ADD CONSTRAINT "meeting_items_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_items_key" ON "meeting_items" USING btree ("meeting_id","item_no");--> statement-breakpoint
CREATE INDEX "meeting_items_meeting_id_idx" ON "meeting_items" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "meeting_items_item_no_idx" ON "meeting_items" USING btree ("item_no");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_key" ON "meetings" USING btree ("series","meeting_date");--> statement-breakpoint
CREATE INDEX "meetings_title_idx" ON "meetings" USING btree ("title");--> statement-breakpoint
CREATE INDEX "meetings_meeting_date_idx" ON "meetings" USING btree ("meeting_date");--> statement-breakpoint
CREATE INDEX "meetings_project_id_idx" ON "meetings" USING btree ("project_id");