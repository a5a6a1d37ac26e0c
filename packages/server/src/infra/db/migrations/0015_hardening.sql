-- Issue 20 (hardening).
-- Item 2 (security-tests.md AT-07): the client address that started a wallet challenge, so a caller is matched against
-- its own starts first and strangers' starts elsewhere cannot crowd them out. Challenges live 10 minutes: rows from
-- before this migration simply carry ''.
ALTER TABLE "crypto_wallet_challenges" ADD COLUMN "ip_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Item 3 (SS-08): when the session's user last proved a credential they already held. Existing sessions count from
-- their start, never as freshly authenticated by the upgrade itself.
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "authenticated_at" = "started_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET NOT NULL;
