CREATE TABLE "clarifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"clarification_no" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" text DEFAULT 'technical' NOT NULL,
	"package_item_id" integer,
	"question" text NOT NULL,
	"raised_by" text,
	"raised_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "clarifications_kind_check" CHECK ("kind" in ('technical', 'commercial')),
	CONSTRAINT "clarifications_status_check" CHECK ("status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_package_item_id_package_items_id_fk" FOREIGN KEY ("package_item_id") REFERENCES "public"."package_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clarifications_key" ON "clarifications" USING btree ("package_id","clarification_no");--> statement-breakpoint
CREATE INDEX "clarifications_package_id_idx" ON "clarifications" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "clarifications_clarification_no_idx" ON "clarifications" USING btree ("clarification_no");--> statement-breakpoint
CREATE INDEX "clarifications_supplier_id_idx" ON "clarifications" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "clarifications_package_item_id_idx" ON "clarifications" USING btree ("package_item_id");