ALTER TABLE "areas" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cabling" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mech_equipment" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "piping" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "racking" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;