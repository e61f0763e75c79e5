CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"areacode" text NOT NULL,
	"description" text NOT NULL,
	"wbs_code" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cabling" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"cable_tag" text NOT NULL,
	"instrument_id" integer NOT NULL,
	"from_tag" text NOT NULL,
	"to_tag" text NOT NULL,
	"cable_type" text DEFAULT 'instrument' NOT NULL,
	"cores_size" text,
	"length_m" numeric(24, 1),
	"allowance_pct" numeric(24, 1) DEFAULT 10,
	"route_ref" text,
	"glands" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "cabling_cable_type_check" CHECK ("cable_type" in ('instrument', 'power', 'control', 'fibre'))
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"tagno" text NOT NULL,
	"projarea_id" integer NOT NULL,
	"letters" text NOT NULL,
	"loop_number" text,
	"service" text,
	"pid_id" integer,
	"equipment_id" integer,
	"line_id" integer,
	"io_type" text,
	"signal" text,
	"range_low" numeric(24, 3),
	"range_high" numeric(24, 3),
	"range_unit" text,
	"alarm_ll" numeric(24, 3),
	"alarm_l" numeric(24, 3),
	"alarm_h" numeric(24, 3),
	"alarm_hh" numeric(24, 3),
	"quote_id" integer,
	"supplier_id" integer,
	"status" text DEFAULT 'in_design',
	"remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "instruments_io_type_check" CHECK ("io_type" in ('AI', 'AO', 'DI', 'DO', 'COMMS')),
	CONSTRAINT "instruments_signal_check" CHECK ("signal" in ('4-20mA', 'HART', 'Profibus', 'EtherNet/IP', '24VDC')),
	CONSTRAINT "instruments_status_check" CHECK ("status" in ('in_design', 'specified', 'quoted', 'ordered', 'installed'))
);
--> statement-breakpoint
CREATE TABLE "mech_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"tagno" text NOT NULL,
	"description" text NOT NULL,
	"projarea_id" integer NOT NULL,
	"type_code" text,
	"category_id" integer,
	"quantity" integer DEFAULT 1,
	"duty_role" text DEFAULT 'duty',
	"standby_for_id" integer,
	"installed_kw" numeric(24, 2),
	"absorbed_kw" numeric(24, 2),
	"running" boolean DEFAULT true NOT NULL,
	"pid_id" integer,
	"price_source" text,
	"price" numeric(18, 2),
	"price_currency_id" integer,
	"status" text DEFAULT 'in_design',
	"remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "mech_equipment_duty_role_check" CHECK ("duty_role" in ('duty', 'standby')),
	CONSTRAINT "mech_equipment_price_source_check" CHECK ("price_source" in ('firm_quote', 'budget_quote', 'factored', 'allowance')),
	CONSTRAINT "mech_equipment_status_check" CHECK ("status" in ('in_design', 'issued_for_quote', 'awarded', 'ordered'))
);
--> statement-breakpoint
CREATE TABLE "pfds" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"drawing_number" text NOT NULL,
	"sheet" integer DEFAULT 1,
	"title" text NOT NULL,
	"revision" text,
	"status" text DEFAULT 'IFR',
	"projarea_id" integer,
	"file_link" text,
	"id_internal" integer,
	"deleteflag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "pfds_status_check" CHECK ("status" in ('IFR', 'IFA', 'IFC', 'as_built'))
);
--> statement-breakpoint
CREATE TABLE "pids" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"drawing_number" text NOT NULL,
	"sheet" integer DEFAULT 1,
	"title" text NOT NULL,
	"revision" text,
	"status" text DEFAULT 'IFR',
	"projarea_id" integer,
	"file_link" text,
	"id_internal" integer,
	"deleteflag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "pids_status_check" CHECK ("status" in ('IFR', 'IFA', 'IFC', 'as_built'))
);
--> statement-breakpoint
CREATE TABLE "piping" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"line_number" text,
	"size_mm" integer NOT NULL,
	"service_code" text NOT NULL,
	"projarea_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"pipe_spec" text,
	"from_tag" text,
	"to_tag" text,
	"fluid" text,
	"phase" text,
	"operating_pressure_kpag" numeric(24, 2),
	"design_pressure_kpag" numeric(24, 2),
	"operating_temperature_c" numeric(24, 2),
	"design_temperature_c" numeric(24, 2),
	"test_pressure_kpag" numeric(24, 2),
	"test_pressure_applied_kpag" numeric(24, 2),
	"insulation" text,
	"tracing" text,
	"slurry_sg" numeric(24, 3),
	"solids_pct" numeric(24, 1),
	"pid_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "piping_phase_check" CHECK ("phase" in ('slurry', 'liquid', 'gas', 'two_phase', 'solid'))
);
--> statement-breakpoint
CREATE TABLE "racking" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"rack_ref" text NOT NULL,
	"instrument_id" integer NOT NULL,
	"rack_type" text DEFAULT 'tray' NOT NULL,
	"width_mm" integer,
	"length_m" numeric(24, 1),
	"material" text DEFAULT 'galvanised',
	"projarea_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "racking_rack_type_check" CHECK ("rack_type" in ('ladder', 'tray', 'conduit', 'rack')),
	CONSTRAINT "racking_material_check" CHECK ("material" in ('galvanised', 'stainless', 'frp'))
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"stream_number" text NOT NULL,
	"description" text,
	"pfd_id" integer,
	"pid_id" integer,
	"from_equipment_id" integer,
	"to_equipment_id" integer,
	"mass_flow_tph" numeric(24, 1),
	"vol_flow_m3h" numeric(24, 1),
	"solids_pct" numeric(24, 1),
	"slurry_sg" numeric(24, 3),
	"p80_um" integer,
	"temperature_c" numeric(24, 1),
	"pressure_kpa" numeric(24, 1),
	"id_internal" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_number" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "estimate_class" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "base_currency_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rate_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "equipment_tag_template" text DEFAULT '{area}-{type}-{seq}{suffix}';--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "instrument_tag_template" text DEFAULT '{area}-{letters}-{loop}{suffix}';--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "line_number_template" text DEFAULT '{size}-{service}-{area}-{seq}-{spec}';--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cable_tag_template" text DEFAULT '{from}-{type}-{seq}';--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "import_mode" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabling" ADD CONSTRAINT "cabling_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cabling" ADD CONSTRAINT "cabling_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_pid_id_pids_id_fk" FOREIGN KEY ("pid_id") REFERENCES "public"."pids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_equipment_id_mech_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_line_id_piping_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."piping"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_standby_for_id_mech_equipment_id_fk" FOREIGN KEY ("standby_for_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_pid_id_pids_id_fk" FOREIGN KEY ("pid_id") REFERENCES "public"."pids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD CONSTRAINT "mech_equipment_price_currency_id_currencies_id_fk" FOREIGN KEY ("price_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfds" ADD CONSTRAINT "pfds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pfds" ADD CONSTRAINT "pfds_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pids" ADD CONSTRAINT "pids_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pids" ADD CONSTRAINT "pids_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piping" ADD CONSTRAINT "piping_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piping" ADD CONSTRAINT "piping_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piping" ADD CONSTRAINT "piping_pid_id_pids_id_fk" FOREIGN KEY ("pid_id") REFERENCES "public"."pids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racking" ADD CONSTRAINT "racking_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racking" ADD CONSTRAINT "racking_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racking" ADD CONSTRAINT "racking_projarea_id_areas_id_fk" FOREIGN KEY ("projarea_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_pfd_id_pfds_id_fk" FOREIGN KEY ("pfd_id") REFERENCES "public"."pfds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_pid_id_pids_id_fk" FOREIGN KEY ("pid_id") REFERENCES "public"."pids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_from_equipment_id_mech_equipment_id_fk" FOREIGN KEY ("from_equipment_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_to_equipment_id_mech_equipment_id_fk" FOREIGN KEY ("to_equipment_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_key" ON "areas" USING btree ("project_id","areacode");--> statement-breakpoint
CREATE INDEX "areas_project_id_idx" ON "areas" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "areas_areacode_idx" ON "areas" USING btree ("areacode");--> statement-breakpoint
CREATE UNIQUE INDEX "cabling_key" ON "cabling" USING btree ("project_id","cable_tag");--> statement-breakpoint
CREATE INDEX "cabling_project_id_idx" ON "cabling" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cabling_cable_tag_idx" ON "cabling" USING btree ("cable_tag");--> statement-breakpoint
CREATE INDEX "cabling_instrument_id_idx" ON "cabling" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_key" ON "instruments" USING btree ("project_id","tagno");--> statement-breakpoint
CREATE INDEX "instruments_project_id_idx" ON "instruments" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "instruments_tagno_idx" ON "instruments" USING btree ("tagno");--> statement-breakpoint
CREATE INDEX "instruments_projarea_id_idx" ON "instruments" USING btree ("projarea_id");--> statement-breakpoint
CREATE INDEX "instruments_pid_id_idx" ON "instruments" USING btree ("pid_id");--> statement-breakpoint
CREATE INDEX "instruments_equipment_id_idx" ON "instruments" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "instruments_line_id_idx" ON "instruments" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "instruments_supplier_id_idx" ON "instruments" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mech_equipment_key" ON "mech_equipment" USING btree ("project_id","tagno");--> statement-breakpoint
CREATE INDEX "mech_equipment_project_id_idx" ON "mech_equipment" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "mech_equipment_tagno_idx" ON "mech_equipment" USING btree ("tagno");--> statement-breakpoint
CREATE INDEX "mech_equipment_projarea_id_idx" ON "mech_equipment" USING btree ("projarea_id");--> statement-breakpoint
CREATE INDEX "mech_equipment_category_id_idx" ON "mech_equipment" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "mech_equipment_standby_for_id_idx" ON "mech_equipment" USING btree ("standby_for_id");--> statement-breakpoint
CREATE INDEX "mech_equipment_pid_id_idx" ON "mech_equipment" USING btree ("pid_id");--> statement-breakpoint
CREATE INDEX "mech_equipment_price_currency_id_idx" ON "mech_equipment" USING btree ("price_currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pfds_key" ON "pfds" USING btree ("project_id","drawing_number");--> statement-breakpoint
CREATE INDEX "pfds_project_id_idx" ON "pfds" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pfds_drawing_number_idx" ON "pfds" USING btree ("drawing_number");--> statement-breakpoint
CREATE INDEX "pfds_projarea_id_idx" ON "pfds" USING btree ("projarea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pids_key" ON "pids" USING btree ("project_id","drawing_number");--> statement-breakpoint
CREATE INDEX "pids_project_id_idx" ON "pids" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "pids_drawing_number_idx" ON "pids" USING btree ("drawing_number");--> statement-breakpoint
CREATE INDEX "pids_projarea_id_idx" ON "pids" USING btree ("projarea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "piping_key" ON "piping" USING btree ("project_id","line_number");--> statement-breakpoint
CREATE INDEX "piping_project_id_idx" ON "piping" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "piping_line_number_idx" ON "piping" USING btree ("line_number");--> statement-breakpoint
CREATE INDEX "piping_projarea_id_idx" ON "piping" USING btree ("projarea_id");--> statement-breakpoint
CREATE INDEX "piping_pid_id_idx" ON "piping" USING btree ("pid_id");--> statement-breakpoint
CREATE UNIQUE INDEX "racking_key" ON "racking" USING btree ("project_id","instrument_id","rack_ref");--> statement-breakpoint
CREATE INDEX "racking_project_id_idx" ON "racking" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "racking_rack_ref_idx" ON "racking" USING btree ("rack_ref");--> statement-breakpoint
CREATE INDEX "racking_instrument_id_idx" ON "racking" USING btree ("instrument_id");--> statement-breakpoint
CREATE INDEX "racking_projarea_id_idx" ON "racking" USING btree ("projarea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "streams_key" ON "streams" USING btree ("project_id","stream_number");--> statement-breakpoint
CREATE INDEX "streams_project_id_idx" ON "streams" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "streams_stream_number_idx" ON "streams" USING btree ("stream_number");--> statement-breakpoint
CREATE INDEX "streams_pfd_id_idx" ON "streams" USING btree ("pfd_id");--> statement-breakpoint
CREATE INDEX "streams_pid_id_idx" ON "streams" USING btree ("pid_id");--> statement-breakpoint
CREATE INDEX "streams_from_equipment_id_idx" ON "streams" USING btree ("from_equipment_id");--> statement-breakpoint
CREATE INDEX "streams_to_equipment_id_idx" ON "streams" USING btree ("to_equipment_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_base_currency_id_currencies_id_fk" FOREIGN KEY ("base_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_project_idx" ON "audit_log" USING btree ("project_id","id") WHERE project_id is not null;--> statement-breakpoint
CREATE INDEX "projects_client_id_idx" ON "projects" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_base_currency_id_idx" ON "projects" USING btree ("base_currency_id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_number_unique" UNIQUE("project_number");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_phase_check" CHECK ("phase" in ('scoping', 'pfs', 'fs', 'execution'));--> statement-breakpoint
-- Hand-written: the client of a project was free text; each distinct name becomes a client (unless one of that name exists) and the project points at it.
INSERT INTO "clients" ("name", "active") SELECT DISTINCT ON (lower(trim(p."clientname"))) trim(p."clientname"), true FROM "projects" p WHERE coalesce(trim(p."clientname"), '') <> '' AND NOT EXISTS (SELECT 1 FROM "clients" c WHERE lower(c."name") = lower(trim(p."clientname")));--> statement-breakpoint
UPDATE "projects" p SET "client_id" = c."id" FROM "clients" c WHERE p."client_id" IS NULL AND lower(c."name") = lower(trim(p."clientname"));
