CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_key" text NOT NULL,
	"scope_id" integer,
	"name" text NOT NULL,
	"owner_sub" text NOT NULL,
	"owner_name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_key" ON "saved_views" USING btree ("owner_sub","list_key",coalesce("scope_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_list_idx" ON "saved_views" USING btree ("list_key","scope_id");