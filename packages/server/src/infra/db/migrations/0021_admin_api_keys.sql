CREATE TABLE "admin_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" "bytea" NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_api_keys_hash_uq" ON "admin_api_keys" USING btree ("key_hash");