-- Issue 11 item 2 (Google One Tap): one row per One Tap prompt, keyed by the oauth_callback_id handed to the widget,
-- holding only the SHA-256 of its CSRF token; deleted by the submit that presents it (single use) or after expiry.
CREATE TABLE "oauth_one_tap_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"token_mode" text NOT NULL,
	"csrf_token_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_one_tap_requests" ADD CONSTRAINT "oauth_one_tap_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_one_tap_requests_csrf_uq" ON "oauth_one_tap_requests" USING btree ("csrf_token_hash");--> statement-breakpoint
CREATE INDEX "oauth_one_tap_requests_expires_idx" ON "oauth_one_tap_requests" USING btree ("expires_at");