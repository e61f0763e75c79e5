ALTER TABLE "quotes" DROP CONSTRAINT "quotes_quote_number_unique";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "quote_ref" text;--> statement-breakpoint
-- Quote revisions (issue #29 item 5): every stored quote is its number's Rev 0, named by its number alone.
UPDATE "quotes" SET "quote_ref" = "quote_number";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "superseded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_key" ON "quotes" USING btree ("quote_number","revision");--> statement-breakpoint
CREATE INDEX "quotes_quote_ref_idx" ON "quotes" USING btree ("quote_ref");