CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"priority" integer DEFAULT 5 NOT NULL,
	"status_id" integer DEFAULT 1 NOT NULL,
	"description" text NOT NULL,
	"steps_to_reproduce" text,
	"response" text,
	"username" text,
	"submitter_sub" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_module_id_request_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."request_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_id_request_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."request_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_type_id_idx" ON "requests" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "requests_module_id_idx" ON "requests" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "requests_status_id_idx" ON "requests" USING btree ("status_id");