-- Issue 23 item 6 (a million users; hot-query-plans.test.ts EXPLAINs every statement of the sign-in flows with
-- seq scans priced out): the indexes no hot statement or cascade had. Every deleted session (sign-out, revoke, the
-- purge) cascades to crypto_wallet_challenges.session_id; a sign-in that proves an address deletes other users'
-- claims of it, which sets oauth_tokens.email_id to null; the purge deletes dev-outbox messages by age. The three
-- tables are short-lived rows bounded by the purge, so building the indexes takes no noticeable lock time.
CREATE INDEX "crypto_wallet_challenges_session_idx" ON "crypto_wallet_challenges" USING btree ("session_id") WHERE "crypto_wallet_challenges"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_tokens_email_idx" ON "oauth_tokens" USING btree ("email_id") WHERE "oauth_tokens"."email_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at");