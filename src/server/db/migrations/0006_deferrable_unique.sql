-- Unique fields are checked at the end of a save, not row by row, so one save can swap or shift unique values
-- (A -> B while B -> C, or a rename to the name of a row the same save deletes). Saves and imports run
-- SET CONSTRAINTS ALL DEFERRED; everything else still checks each statement (INITIALLY IMMEDIATE).
ALTER TABLE "currencies" DROP CONSTRAINT "currencies_code_unique";--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_code_unique" UNIQUE ("code") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "units" DROP CONSTRAINT "units_code_unique";--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_code_unique" UNIQUE ("code") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "disciplines" DROP CONSTRAINT "disciplines_code_unique";--> statement-breakpoint
ALTER TABLE "disciplines" ADD CONSTRAINT "disciplines_code_unique" UNIQUE ("code") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "request_types" DROP CONSTRAINT "request_types_name_unique";--> statement-breakpoint
ALTER TABLE "request_types" ADD CONSTRAINT "request_types_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "request_modules" DROP CONSTRAINT "request_modules_name_unique";--> statement-breakpoint
ALTER TABLE "request_modules" ADD CONSTRAINT "request_modules_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "request_statuses" DROP CONSTRAINT "request_statuses_name_unique";--> statement-breakpoint
ALTER TABLE "request_statuses" ADD CONSTRAINT "request_statuses_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "request_priorities" DROP CONSTRAINT "request_priorities_level_unique";--> statement-breakpoint
ALTER TABLE "request_priorities" ADD CONSTRAINT "request_priorities_level_unique" UNIQUE ("level") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "item_categories" DROP CONSTRAINT "item_categories_code_unique";--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_code_unique" UNIQUE ("code") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_name_unique";--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_name_unique";--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "suppliers" DROP CONSTRAINT "suppliers_vendor_code_unique";--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_vendor_code_unique" UNIQUE ("vendor_code") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "lithium_projects" DROP CONSTRAINT "lithium_projects_project_unique";--> statement-breakpoint
ALTER TABLE "lithium_projects" ADD CONSTRAINT "lithium_projects_project_unique" UNIQUE ("project") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_name_unique";--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_name_unique" UNIQUE ("name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "parts" DROP CONSTRAINT "parts_part_no_unique";--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_part_no_unique" UNIQUE ("part_no") DEFERRABLE INITIALLY IMMEDIATE;
