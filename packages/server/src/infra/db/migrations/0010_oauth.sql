-- Issue 11 item 1 (social sign-in): OAuth clients per project (secrets encrypted under SECRET_KEY), the single-use
-- hashed `state` of each start bound to the browser by a cookie hash, the single-use hashed token the callback hands
-- the app, and the provider tokens of each registration (encrypted). States and tokens expire and are purged
-- (infra/purge.ts).
CREATE TABLE "oauth_provider_configs" (
	"project_id" text NOT NULL,
	"provider_type" text NOT NULL,
	"client_id" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_ciphertext" "bytea",
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_provider_tokens" (
	"registration_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"tokens_ciphertext" "bytea" NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"token_mode" text NOT NULL,
	"provider_type" text NOT NULL,
	"state_hash" "bytea" NOT NULL,
	"browser_binding_hash" "bytea" NOT NULL,
	"code_verifier_ciphertext" "bytea" NOT NULL,
	"nonce" text,
	"code_challenge" text,
	"login_redirect_url" text NOT NULL,
	"signup_redirect_url" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"email_id" text,
	"token_hash" "bytea" NOT NULL,
	"code_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_provider_configs" ADD CONSTRAINT "oauth_provider_configs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_provider_tokens" ADD CONSTRAINT "oauth_provider_tokens_registration_id_oauth_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."oauth_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_provider_tokens" ADD CONSTRAINT "oauth_provider_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_registration_id_oauth_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."oauth_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_email_id_user_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."user_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_provider_configs_uq" ON "oauth_provider_configs" USING btree ("project_id","provider_type");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_state_hash_uq" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_tokens_token_hash_uq" ON "oauth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_tokens_expires_idx" ON "oauth_tokens" USING btree ("expires_at");