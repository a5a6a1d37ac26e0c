-- Issue 9 item 1: rate-limit counters shared by every instance on PostgreSQL (when no REDIS_URL is set), in the layout
-- rate-limiter-flexible's RateLimiterPostgres expects (key, points, expire in that order; it never creates the table
-- itself). key is text so an over-long identifier counts instead of failing; expire (epoch ms) is indexed for the purge.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");