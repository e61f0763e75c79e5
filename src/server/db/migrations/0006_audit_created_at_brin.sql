DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING brin ("created_at");