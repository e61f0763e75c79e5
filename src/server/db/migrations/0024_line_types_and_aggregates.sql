CREATE TABLE "adjudication_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjudication_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"reason" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_lines" DROP CONSTRAINT "quote_lines_line_status_check";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "evaluated_low" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "evaluated_low_currency_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "evaluated_low_supplier_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "line_type" text DEFAULT 'base' NOT NULL;--> statement-breakpoint
-- An "alternative" was a line status; it is a line type now (issue #29 item 2): such a line was priced, so
-- it becomes a quoted alternative, and only base lines make a quote's total.
UPDATE "quote_lines" SET "line_type" = 'alternative', "line_status" = 'quoted' WHERE "line_status" = 'alternative';--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "total" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "base_total" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "options_total" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "alternatives_total" numeric(24, 2);--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lines_quoted" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "base_lines" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_time_weeks" integer;--> statement-breakpoint
ALTER TABLE "adjudication_choices" ADD CONSTRAINT "adjudication_choices_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_choices" ADD CONSTRAINT "adjudication_choices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjudication_choices_key" ON "adjudication_choices" USING btree ("adjudication_id","supplier_id","line_no");--> statement-breakpoint
CREATE INDEX "adjudication_choices_adjudication_id_idx" ON "adjudication_choices" USING btree ("adjudication_id");--> statement-breakpoint
CREATE INDEX "adjudication_choices_supplier_id_idx" ON "adjudication_choices" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "adjudication_choices_reason_idx" ON "adjudication_choices" USING btree ("reason");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_evaluated_low_currency_id_currencies_id_fk" FOREIGN KEY ("evaluated_low_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_evaluated_low_supplier_id_suppliers_id_fk" FOREIGN KEY ("evaluated_low_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_evaluated_low_currency_id_idx" ON "packages" USING btree ("evaluated_low_currency_id");--> statement-breakpoint
CREATE INDEX "packages_evaluated_low_supplier_id_idx" ON "packages" USING btree ("evaluated_low_supplier_id");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_line_type_check" CHECK ("line_type" in ('base', 'option', 'alternative'));--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_line_status_check" CHECK ("line_status" in ('quoted', 'not_quoted'));--> statement-breakpoint
-- The quotes' aggregate fields over their lines, as the engine sets them after every line write (server/entities/after-write.ts).
UPDATE "quotes" q SET
  "total" = (SELECT coalesce(sum(l."line_total"), 0) FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'base'),
  "base_total" = (SELECT coalesce(sum(l."base_amount"), 0) FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'base'),
  "options_total" = (SELECT coalesce(sum(l."line_total"), 0) FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'option'),
  "alternatives_total" = (SELECT coalesce(sum(l."line_total"), 0) FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'alternative'),
  "lines_quoted" = (SELECT count(l."line_total") FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'base'),
  "base_lines" = (SELECT count(*) FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'base'),
  "lead_time_weeks" = (SELECT max(l."lead_time_weeks") FROM "quote_lines" l WHERE l."quote_id" = q."id" AND l."line_type" = 'base' AND l."line_status" = 'quoted');
