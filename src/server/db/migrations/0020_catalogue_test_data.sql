ALTER TABLE "clients" ADD COLUMN "is_testdata" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "is_testdata" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "is_testdata" boolean DEFAULT false NOT NULL;