CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"sector" text,
	"country" text,
	"city" text,
	"address" text,
	"contact_name" text,
	"contact_email" text,
	"phone" text,
	"website" text,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "clients_name_unique" UNIQUE("name"),
	CONSTRAINT "clients_sector_check" CHECK ("sector" in ('mining', 'minerals_processing', 'battery_materials', 'chemicals', 'energy', 'water', 'other'))
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text,
	"decimals" integer DEFAULT 2,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"rate_date" date NOT NULL,
	"rate_to_usd" numeric(24, 8) NOT NULL,
	"source" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disciplines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "disciplines_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"tier" integer NOT NULL,
	"parent_id" integer,
	"description" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "item_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "lithium_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"owner" text NOT NULL,
	"deposit_type" text NOT NULL,
	"stage" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"latitude" numeric(24, 6),
	"longitude" numeric(24, 6),
	"capacity_tpa_lce" numeric(24, 0),
	"capex_usd" numeric(18, 2),
	"capex_currency_id" integer,
	"start_year" integer,
	"source" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "lithium_projects_project_unique" UNIQUE("project"),
	CONSTRAINT "lithium_projects_deposit_type_check" CHECK ("deposit_type" in ('brine', 'hard_rock', 'clay')),
	CONSTRAINT "lithium_projects_stage_check" CHECK ("stage" in ('exploration', 'resource_definition', 'pea', 'pfs', 'dfs', 'construction', 'production', 'care_maintenance'))
);
--> statement-breakpoint
CREATE TABLE "request_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "request_modules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "request_priorities" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "request_priorities_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE TABLE "request_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "request_statuses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "request_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "request_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"vendor_code" text,
	"discipline_id" integer,
	"scope" text,
	"country" text,
	"city" text,
	"currency_id" integer,
	"payment_terms" text,
	"lead_time_weeks" integer,
	"rating" text DEFAULT 'approved',
	"contact_name" text,
	"contact_email" text,
	"phone" text,
	"website" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "suppliers_name_unique" UNIQUE("name"),
	CONSTRAINT "suppliers_vendor_code_unique" UNIQUE("vendor_code"),
	CONSTRAINT "suppliers_rating_check" CHECK ("rating" in ('preferred', 'approved', 'conditional', 'not_approved'))
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "units_code_unique" UNIQUE("code"),
	CONSTRAINT "units_quantity_check" CHECK ("quantity" in ('count', 'length', 'mass', 'volume', 'flow', 'mass_flow', 'power', 'pressure', 'temperature', 'time', 'other'))
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_parent_id_item_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lithium_projects" ADD CONSTRAINT "lithium_projects_capex_currency_id_currencies_id_fk" FOREIGN KEY ("capex_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rates_key" ON "currency_rates" USING btree ("currency_id","rate_date");--> statement-breakpoint
CREATE INDEX "currency_rates_currency_id_idx" ON "currency_rates" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "currency_rates_rate_date_idx" ON "currency_rates" USING btree ("rate_date");--> statement-breakpoint
CREATE INDEX "disciplines_name_idx" ON "disciplines" USING btree ("name");--> statement-breakpoint
CREATE INDEX "item_categories_name_idx" ON "item_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "item_categories_parent_id_idx" ON "item_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "lithium_projects_capex_currency_id_idx" ON "lithium_projects" USING btree ("capex_currency_id");--> statement-breakpoint
CREATE INDEX "request_priorities_name_idx" ON "request_priorities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "suppliers_discipline_id_idx" ON "suppliers" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "suppliers_currency_id_idx" ON "suppliers" USING btree ("currency_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_name_unique" UNIQUE("name");