CREATE TABLE "electrical_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"load_tag" text NOT NULL,
	"description" text,
	"projarea_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"mcc" text NOT NULL,
	"feeder" text,
	"voltage" text DEFAULT '400' NOT NULL,
	"installed_kw" numeric(24, 2),
	"absorbed_kw" numeric(24, 2),
	"running" boolean DEFAULT true NOT NULL,
	"load_factor" numeric(24, 2) DEFAULT '0.85' NOT NULL,
	"demand_kw" numeric(24, 2),
	"deleteflag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "electrical_loads_voltage_check" CHECK ("voltage" in ('230', '400', '690', '3300', '6600', '11000'))
);
--> statement-breakpoint
ALTER TABLE "electrical_loads" ADD CONSTRAINT "electrical_loads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electrical_loads" ADD CONSTRAINT "electrical_loads_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "electrical_loads" ADD CONSTRAINT "electrical_loads_equipment_id_mech_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "electrical_loads_key" ON "electrical_loads" USING btree ("project_id","load_tag");--> statement-breakpoint
CREATE INDEX "electrical_loads_project_id_idx" ON "electrical_loads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "electrical_loads_load_tag_idx" ON "electrical_loads" USING btree ("load_tag");--> statement-breakpoint
CREATE INDEX "electrical_loads_projarea_id_idx" ON "electrical_loads" USING btree ("projarea_id");--> statement-breakpoint
CREATE INDEX "electrical_loads_equipment_id_idx" ON "electrical_loads" USING btree ("equipment_id");--> statement-breakpoint
-- Hand-written: the global search's trigram index of the loads (search-sources.ts, from the project's declaration).
CREATE INDEX IF NOT EXISTS "electrical_loads_search_trgm" ON "electrical_loads" USING gin ((coalesce("load_tag", '') || ' ' || coalesce("description", '') || ' ' || coalesce("mcc", '') || ' ' || coalesce("feeder", '')) gin_trgm_ops) WITH (gin_pending_list_limit = 256);
