-- Issue 13 item 1 (TOTP): the step of the last accepted code (a code works once per step), the expiry of an
-- unconfirmed enrolment, and ten single-use recovery codes per TOTP stored only as SHA-256.
CREATE TABLE "totp_recovery_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"totp_id" text NOT NULL,
	"project_id" text NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "totps" ADD COLUMN "last_used_step" bigint;--> statement-breakpoint
ALTER TABLE "totps" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_totp_id_totps_id_fk" FOREIGN KEY ("totp_id") REFERENCES "public"."totps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_recovery_codes" ADD CONSTRAINT "totp_recovery_codes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "totp_recovery_codes_hash_uq" ON "totp_recovery_codes" USING btree ("totp_id","code_hash");--> statement-breakpoint
CREATE INDEX "totps_expires_idx" ON "totps" USING btree ("expires_at");