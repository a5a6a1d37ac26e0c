DROP INDEX "users_project_idx";--> statement-breakpoint
CREATE INDEX "users_project_created_idx" ON "users" USING btree ("project_id","created_at","id");