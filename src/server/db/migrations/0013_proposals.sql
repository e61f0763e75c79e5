CREATE TABLE "proposal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL,
	"discipline_id" integer NOT NULL,
	"description" text NOT NULL,
	"hours" numeric(24, 2) NOT NULL,
	"rate" numeric(24, 2) NOT NULL,
	"amount" numeric(24, 2),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_number" text NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"scope_summary" text,
	"fee_basis" text DEFAULT 'lump_sum' NOT NULL,
	"currency_id" integer NOT NULL,
	"expenses" numeric(18, 2),
	"submission_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"win_probability" numeric(24, 0),
	"notes" text,
	"is_testdata" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "proposals_proposal_number_unique" UNIQUE("proposal_number"),
	CONSTRAINT "proposals_fee_basis_check" CHECK ("fee_basis" in ('lump_sum', 'time_and_materials', 'reimbursable')),
	CONSTRAINT "proposals_status_check" CHECK ("status" in ('draft', 'submitted', 'won', 'lost', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_lines" ADD CONSTRAINT "proposal_lines_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_lines_key" ON "proposal_lines" USING btree ("proposal_id","discipline_id","description");--> statement-breakpoint
CREATE INDEX "proposal_lines_proposal_id_idx" ON "proposal_lines" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_lines_discipline_id_idx" ON "proposal_lines" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "proposal_lines_description_idx" ON "proposal_lines" USING btree ("description");--> statement-breakpoint
CREATE INDEX "proposals_client_id_idx" ON "proposals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "proposals_currency_id_idx" ON "proposals" USING btree ("currency_id");