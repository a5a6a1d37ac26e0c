-- Issue 12 item 1 (crypto wallets): one row per sign-in message handed to a wallet (EIP-4361 / Solana sign-in),
-- bound to project, wallet type, address, chain and (secondary start) the session; consumed once, 10 minutes.
CREATE TABLE "crypto_wallet_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"wallet_type" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"nonce" text NOT NULL,
	"chain_id" text NOT NULL,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_wallet_challenges" ADD CONSTRAINT "crypto_wallet_challenges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_wallet_challenges" ADD CONSTRAINT "crypto_wallet_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_wallet_challenges_nonce_uq" ON "crypto_wallet_challenges" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "crypto_wallet_challenges_wallet_idx" ON "crypto_wallet_challenges" USING btree ("project_id","wallet_type","address","created_at");--> statement-breakpoint
CREATE INDEX "crypto_wallet_challenges_expires_idx" ON "crypto_wallet_challenges" USING btree ("expires_at");