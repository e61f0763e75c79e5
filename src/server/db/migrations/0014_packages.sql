CREATE TABLE "package_bidders" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_on" date,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "package_bidders_status_check" CHECK ("status" in ('invited', 'declined', 'bid_received', 'disqualified'))
);
--> statement-breakpoint
CREATE TABLE "package_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"item_no" integer NOT NULL,
	"tag" text,
	"part_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(24, 3) DEFAULT '1' NOT NULL,
	"unit_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_number" text NOT NULL,
	"title" text NOT NULL,
	"project_id" integer NOT NULL,
	"discipline_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"rfq_issue_date" date,
	"bid_due_date" date,
	"currency_id" integer,
	"budget" numeric(18, 2),
	"award_supplier_id" integer,
	"award_currency_id" integer,
	"award_amount" numeric(18, 2),
	"award_date" date,
	"po_number" text,
	"notes" text,
	"is_testdata" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "packages_package_number_unique" UNIQUE("package_number"),
	CONSTRAINT "packages_status_check" CHECK ("status" in ('draft', 'rfq_issued', 'bids_received', 'evaluating', 'awarded', 'po_placed', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "package_bidders" ADD CONSTRAINT "package_bidders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_bidders" ADD CONSTRAINT "package_bidders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_award_supplier_id_suppliers_id_fk" FOREIGN KEY ("award_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_award_currency_id_currencies_id_fk" FOREIGN KEY ("award_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_bidders_key" ON "package_bidders" USING btree ("package_id","supplier_id");--> statement-breakpoint
CREATE INDEX "package_bidders_package_id_idx" ON "package_bidders" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_bidders_supplier_id_idx" ON "package_bidders" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_items_key" ON "package_items" USING btree ("package_id","item_no");--> statement-breakpoint
CREATE INDEX "package_items_package_id_idx" ON "package_items" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_items_item_no_idx" ON "package_items" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "package_items_part_id_idx" ON "package_items" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "package_items_description_idx" ON "package_items" USING btree ("description");--> statement-breakpoint
CREATE INDEX "package_items_unit_id_idx" ON "package_items" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "packages_project_id_idx" ON "packages" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "packages_discipline_id_idx" ON "packages" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "packages_currency_id_idx" ON "packages" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "packages_award_supplier_id_idx" ON "packages" USING btree ("award_supplier_id");--> statement-breakpoint
CREATE INDEX "packages_award_currency_id_idx" ON "packages" USING btree ("award_currency_id");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_package_id_idx" ON "quotes" USING btree ("package_id");--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "package_ref";