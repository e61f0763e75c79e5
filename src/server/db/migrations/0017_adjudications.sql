CREATE TABLE "adjudication_adders" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjudication_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(24, 2) NOT NULL,
	"reason" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "adjudication_adders_kind_check" CHECK ("kind" in ('freight', 'spares', 'exceptions', 'schedule'))
);
--> statement-breakpoint
CREATE TABLE "adjudication_bidders" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjudication_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"technical_score" numeric(24, 1),
	"commercial_score" numeric(24, 1),
	"remarks" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjudication_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjudication_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate_to_base" numeric(24, 8),
	"rate_table_date" date,
	"frozen_for" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjudications" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjudication_number" text NOT NULL,
	"package_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rate_date" date NOT NULL,
	"base_currency_id" integer,
	"technical_weight" integer DEFAULT 60 NOT NULL,
	"commercial_weight" integer DEFAULT 40 NOT NULL,
	"awarded_supplier_id" integer,
	"award_reason" text,
	"awarded_on" date,
	"notes" text,
	"is_testdata" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "adjudications_adjudication_number_unique" UNIQUE("adjudication_number"),
	CONSTRAINT "adjudications_package_id_unique" UNIQUE("package_id"),
	CONSTRAINT "adjudications_status_check" CHECK ("status" in ('draft', 'bids_opened', 'recommended', 'awarded'))
);
--> statement-breakpoint
ALTER TABLE "adjudication_adders" ADD CONSTRAINT "adjudication_adders_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_adders" ADD CONSTRAINT "adjudication_adders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_bidders" ADD CONSTRAINT "adjudication_bidders_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_bidders" ADD CONSTRAINT "adjudication_bidders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_bidders" ADD CONSTRAINT "adjudication_bidders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_rates" ADD CONSTRAINT "adjudication_rates_adjudication_id_adjudications_id_fk" FOREIGN KEY ("adjudication_id") REFERENCES "public"."adjudications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudication_rates" ADD CONSTRAINT "adjudication_rates_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_base_currency_id_currencies_id_fk" FOREIGN KEY ("base_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_awarded_supplier_id_suppliers_id_fk" FOREIGN KEY ("awarded_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjudication_adders_key" ON "adjudication_adders" USING btree ("adjudication_id","supplier_id","kind");--> statement-breakpoint
CREATE INDEX "adjudication_adders_adjudication_id_idx" ON "adjudication_adders" USING btree ("adjudication_id");--> statement-breakpoint
CREATE INDEX "adjudication_adders_supplier_id_idx" ON "adjudication_adders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "adjudication_adders_reason_idx" ON "adjudication_adders" USING btree ("reason");--> statement-breakpoint
CREATE UNIQUE INDEX "adjudication_bidders_key" ON "adjudication_bidders" USING btree ("adjudication_id","supplier_id");--> statement-breakpoint
CREATE INDEX "adjudication_bidders_adjudication_id_idx" ON "adjudication_bidders" USING btree ("adjudication_id");--> statement-breakpoint
CREATE INDEX "adjudication_bidders_supplier_id_idx" ON "adjudication_bidders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "adjudication_bidders_quote_id_idx" ON "adjudication_bidders" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjudication_rates_key" ON "adjudication_rates" USING btree ("adjudication_id","currency_id");--> statement-breakpoint
CREATE INDEX "adjudication_rates_adjudication_id_idx" ON "adjudication_rates" USING btree ("adjudication_id");--> statement-breakpoint
CREATE INDEX "adjudication_rates_currency_id_idx" ON "adjudication_rates" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "adjudications_package_id_idx" ON "adjudications" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "adjudications_base_currency_id_idx" ON "adjudications" USING btree ("base_currency_id");--> statement-breakpoint
CREATE INDEX "adjudications_awarded_supplier_id_idx" ON "adjudications" USING btree ("awarded_supplier_id");