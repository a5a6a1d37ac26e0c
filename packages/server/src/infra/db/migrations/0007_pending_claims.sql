-- Issue 8 item 1 (pre-account takeover): an e-mail address or phone number attached by a secondary send is a
-- pending claim of the session that sent it (claim_session_id) until that session redeems its link or code; it
-- dies with the session (ON DELETE CASCADE). Only owned rows (claim_session_id IS NULL) stay unique per project,
-- so a claim never blocks the real owner's sign-up; each user holds one row per identifier. Rows that exist before
-- this migration are kept as owned: which of them a secondary send attached cannot be told apart afterwards.
DROP INDEX "user_emails_project_email_uq";--> statement-breakpoint
DROP INDEX "user_phone_numbers_project_phone_uq";--> statement-breakpoint
ALTER TABLE "user_emails" ADD COLUMN "claim_session_id" text;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD COLUMN "claim_session_id" text;--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_claim_session_id_sessions_id_fk" FOREIGN KEY ("claim_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phone_numbers" ADD CONSTRAINT "user_phone_numbers_claim_session_id_sessions_id_fk" FOREIGN KEY ("claim_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_project_email_user_uq" ON "user_emails" USING btree ("project_id","email","user_id");--> statement-breakpoint
CREATE INDEX "user_emails_claim_session_idx" ON "user_emails" USING btree ("claim_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_phone_numbers_project_phone_user_uq" ON "user_phone_numbers" USING btree ("project_id","phone_number","user_id");--> statement-breakpoint
CREATE INDEX "user_phone_numbers_claim_session_idx" ON "user_phone_numbers" USING btree ("claim_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_project_email_uq" ON "user_emails" USING btree ("project_id","email") WHERE "user_emails"."claim_session_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_phone_numbers_project_phone_uq" ON "user_phone_numbers" USING btree ("project_id","phone_number") WHERE "user_phone_numbers"."claim_session_id" IS NULL;