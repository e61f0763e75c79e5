CREATE TABLE "cost_indices" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"category_id" integer,
	"index_value" numeric(24, 4) NOT NULL,
	"source" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "estimate_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "plant_type" text;--> statement-breakpoint
ALTER TABLE "cost_indices" ADD CONSTRAINT "cost_indices_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_indices_key" ON "cost_indices" USING btree (coalesce("category_id", 0),"month");--> statement-breakpoint
CREATE INDEX "cost_indices_month_idx" ON "cost_indices" USING btree ("month");--> statement-breakpoint
CREATE INDEX "cost_indices_category_id_idx" ON "cost_indices" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "audit_log_equipment_price_idx" ON "audit_log" USING btree ("record_id","created_at") WHERE table_name = 'mech_equipment' and field_name = 'price';--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_plant_type_check" CHECK ("plant_type" in ('solids', 'solids_fluids', 'fluids'));