CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"part_id" integer,
	"tag" text,
	"description" text NOT NULL,
	"quantity" numeric(24, 3) DEFAULT '1' NOT NULL,
	"unit_id" integer,
	"unit_price" numeric(24, 2),
	"lead_time_weeks" integer,
	"line_status" text DEFAULT 'quoted',
	"line_total" numeric(24, 2),
	"base_amount" numeric(24, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "quote_lines_line_status_check" CHECK ("line_status" in ('quoted', 'not_quoted', 'alternative'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_ref" text,
	"project_id" integer,
	"package_ref" text,
	"status" text DEFAULT 'received',
	"date_received" date NOT NULL,
	"valid_until" date,
	"currency_id" integer NOT NULL,
	"rate_date" date NOT NULL,
	"base_currency_id" integer,
	"rate_to_base" numeric(24, 8),
	"rate_table_date" date,
	"rate_override" numeric(24, 8),
	"rate_override_reason" text,
	"rate_applied" numeric(24, 8),
	"incoterm" text,
	"delivery_point" text,
	"payment_terms" text,
	"notes" text,
	"is_testdata" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "quotes_quote_number_unique" UNIQUE("quote_number"),
	CONSTRAINT "quotes_status_check" CHECK ("status" in ('requested', 'received', 'under_review', 'accepted', 'rejected', 'expired')),
	CONSTRAINT "quotes_incoterm_check" CHECK ("incoterm" in ('EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'DAP', 'DDP'))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_base_currency_id_currencies_id_fk" FOREIGN KEY ("base_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_key" ON "quote_lines" USING btree ("quote_id","line_no");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_id_idx" ON "quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_lines_line_no_idx" ON "quote_lines" USING btree ("line_no");--> statement-breakpoint
CREATE INDEX "quote_lines_part_id_idx" ON "quote_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "quote_lines_description_idx" ON "quote_lines" USING btree ("description");--> statement-breakpoint
CREATE INDEX "quote_lines_unit_id_idx" ON "quote_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "quotes_supplier_id_idx" ON "quotes" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "quotes_project_id_idx" ON "quotes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "quotes_date_received_idx" ON "quotes" USING btree ("date_received");--> statement-breakpoint
CREATE INDEX "quotes_currency_id_idx" ON "quotes" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "quotes_base_currency_id_idx" ON "quotes" USING btree ("base_currency_id");