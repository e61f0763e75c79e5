CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_no" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"manufacturer" text,
	"model" text,
	"supplier_id" integer,
	"unit_id" integer,
	"list_price" numeric(18, 2),
	"price_currency_id" integer,
	"lead_time_weeks" integer,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "parts_part_no_unique" UNIQUE("part_no")
);
--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_id_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_price_currency_id_currencies_id_fk" FOREIGN KEY ("price_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_category_id_idx" ON "parts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "parts_supplier_id_idx" ON "parts" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "parts_unit_id_idx" ON "parts" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "parts_price_currency_id_idx" ON "parts" USING btree ("price_currency_id");