CREATE TABLE "capex_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"install_factor" numeric(24, 3) NOT NULL,
	"bulks_factor" numeric(24, 3) NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "capex_install_factor" numeric(24, 3) DEFAULT '0.45' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "capex_bulks_factor" numeric(24, 3) DEFAULT '0.75' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "capex_epcm_pct" numeric(24, 2) DEFAULT '15' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "capex_owners_pct" numeric(24, 2) DEFAULT '5' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "capex_contingency_pct" numeric(24, 2) DEFAULT '17.5' NOT NULL;--> statement-breakpoint
ALTER TABLE "capex_factors" ADD CONSTRAINT "capex_factors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capex_factors" ADD CONSTRAINT "capex_factors_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capex_factors_key" ON "capex_factors" USING btree ("project_id","category_id");--> statement-breakpoint
CREATE INDEX "capex_factors_project_id_idx" ON "capex_factors" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "capex_factors_category_id_idx" ON "capex_factors" USING btree ("category_id");