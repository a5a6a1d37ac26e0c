-- Keys at rest (issue 8 item 4): signing keys become per project and their private keys are stored only encrypted
-- under SECRET_KEY (infra/secret-box.ts), which SQL does not know; secret_fingerprints records which SECRET_KEY
-- encrypted this database (infra/secret-key.ts).
--
-- The existing keys cannot be encrypted here, and keeping them in the clear would keep the hole open, so they are
-- deleted. That is safe: (1) session JWTs live 5 minutes (infra/keys.ts SESSION_JWT_LIFETIME_MS), so at worst a
-- JWT issued in the minutes before the upgrade fails verification before its natural expiry; (2) sessions are
-- opaque tokens stored as hashes in `sessions`, untouched here, so every session survives and the SDK's next
-- sessions/authenticate (at most 3 minutes away) returns a JWT signed by a new key; (3) verifiers (jose
-- createRemoteJWKSet) refetch the JWKS when they meet an unknown kid; (4) the deleted keys leave the JWKS, so their
-- plaintext in old backups or not yet vacuumed pages signs nothing a verifier accepts. The first JWT each project
-- signs after start-up creates its new, encrypted key.
DELETE FROM "signing_keys";
--> statement-breakpoint
CREATE TABLE "secret_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "project_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "private_key_ciphertext" "bytea" NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_keys_project_idx" ON "signing_keys" USING btree ("project_id","created_at");--> statement-breakpoint
ALTER TABLE "signing_keys" DROP COLUMN "private_jwk";