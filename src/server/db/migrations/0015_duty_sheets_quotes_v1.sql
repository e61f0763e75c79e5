CREATE TABLE "duty_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"sheet_number" text NOT NULL,
	"equipment_id" integer NOT NULL,
	"revision" text,
	"service" text,
	"fluid" text,
	"solids_sg" numeric(24, 3),
	"cw_percent" numeric(24, 1),
	"liquid_sg" numeric(24, 3),
	"slurry_sg" numeric(24, 3),
	"d50_um" integer,
	"d80_um" integer,
	"ph" numeric(24, 1),
	"temperature_c" numeric(24, 1),
	"flow_min_m3h" numeric(24, 1),
	"head_min_m" numeric(24, 2),
	"npsha_min_m" numeric(24, 2),
	"flow_normal_m3h" numeric(24, 1),
	"head_normal_m" numeric(24, 2),
	"npsha_normal_m" numeric(24, 2),
	"flow_design_m3h" numeric(24, 1),
	"head_design_m" numeric(24, 2),
	"npsha_design_m" numeric(24, 2),
	"design_pressure_kpag" numeric(24, 1),
	"design_temperature_c" numeric(24, 1),
	"pump_efficiency_percent" numeric(24, 1),
	"motor_kw" numeric(24, 2),
	"absorbed_kw_min" numeric(24, 1),
	"absorbed_kw_normal" numeric(24, 1),
	"absorbed_kw" numeric(24, 1),
	"power_check" text,
	"voltage_v" integer,
	"speed_rpm" integer,
	"remarks" text,
	"deleteflag" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes_v1" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_number" text NOT NULL,
	"supplier_name" text NOT NULL,
	"quote_date" date NOT NULL,
	"currency_code" text NOT NULL,
	"total" numeric(24, 2),
	"description" text,
	"project_name" text,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "quotes_v1_quote_number_unique" UNIQUE("quote_number")
);
--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD COLUMN "duty_check" text;--> statement-breakpoint
ALTER TABLE "duty_sheets" ADD CONSTRAINT "duty_sheets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_sheets" ADD CONSTRAINT "duty_sheets_equipment_id_mech_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."mech_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_sheets_key" ON "duty_sheets" USING btree ("project_id","sheet_number");--> statement-breakpoint
CREATE INDEX "duty_sheets_project_id_idx" ON "duty_sheets" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "duty_sheets_sheet_number_idx" ON "duty_sheets" USING btree ("sheet_number");--> statement-breakpoint
CREATE INDEX "duty_sheets_equipment_id_idx" ON "duty_sheets" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "quotes_v1_quote_date_idx" ON "quotes_v1" USING btree ("quote_date");--> statement-breakpoint
-- Hand-written: an equipment row's duty_check says what its duty sheets' power checks say (a design case absorbing more than the motor), kept by the database on every write to duty_sheets (the batch, the import's COPY, every delete path), so no write path can leave it stale. It is a server-set column: no version bump and no audit row of its own (the duty sheet's change is audited, with the project); a grid holding the equipment row shows the new text on its next read.
CREATE FUNCTION "refresh_equipment_duty_check"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "mech_equipment" e SET "duty_check" = c."check"
  FROM (
    SELECT m."id", (SELECT string_agg(d."sheet_number" || ': ' || d."power_check", '; ' ORDER BY d."sheet_number") FROM "duty_sheets" d WHERE d."equipment_id" = m."id" AND d."power_check" IS NOT NULL) AS "check"
    FROM "mech_equipment" m WHERE m."id" = ANY(ids)
  ) c
  WHERE e."id" = c."id" AND e."duty_check" IS DISTINCT FROM c."check";
END $$;--> statement-breakpoint
CREATE FUNCTION "duty_sheets_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_equipment_duty_check"(ARRAY(SELECT DISTINCT "equipment_id" FROM "new_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "duty_sheets_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_equipment_duty_check"(ARRAY(SELECT "equipment_id" FROM "new_rows" UNION SELECT "equipment_id" FROM "old_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "duty_sheets_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_equipment_duty_check"(ARRAY(SELECT DISTINCT "equipment_id" FROM "old_rows"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "duty_sheets_check_on_insert" AFTER INSERT ON "duty_sheets" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "duty_sheets_inserted"();--> statement-breakpoint
CREATE TRIGGER "duty_sheets_check_on_update" AFTER UPDATE ON "duty_sheets" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "duty_sheets_updated"();--> statement-breakpoint
CREATE TRIGGER "duty_sheets_check_on_delete" AFTER DELETE ON "duty_sheets" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "duty_sheets_deleted"();--> statement-breakpoint
-- Hand-written: a soft-deleted duty sheet says nothing on its equipment row (its power check is left out of duty_check).
CREATE OR REPLACE FUNCTION "refresh_equipment_duty_check"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "mech_equipment" e SET "duty_check" = c."check"
  FROM (
    SELECT m."id", (SELECT string_agg(d."sheet_number" || ': ' || d."power_check", '; ' ORDER BY d."sheet_number") FROM "duty_sheets" d WHERE d."equipment_id" = m."id" AND d."power_check" IS NOT NULL AND NOT d."deleteflag") AS "check"
    FROM "mech_equipment" m WHERE m."id" = ANY(ids)
  ) c
  WHERE e."id" = c."id" AND e."duty_check" IS DISTINCT FROM c."check";
END $$;
