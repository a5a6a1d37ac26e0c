DROP INDEX "users_project_idx";--> statement-breakpoint
CREATE INDEX "users_project_created_idx" ON "users" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_project_blocked_idx" ON "users" USING btree ("project_id","created_at","id") WHERE "users"."blocked_at" IS NOT NULL;