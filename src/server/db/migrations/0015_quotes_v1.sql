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
CREATE INDEX "quotes_v1_quote_date_idx" ON "quotes_v1" USING btree ("quote_date");