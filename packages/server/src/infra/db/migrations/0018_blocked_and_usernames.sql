ALTER TABLE "users" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_project_username_uq" ON "users" USING btree ("project_id",lower("username")) WHERE "users"."username" IS NOT NULL;--> statement-breakpoint
-- Issue 24 item 3: the user object (users.profile, 0005/0014/0016) shows the username, a Gatehouse field beside
-- Stytch's (wire-format.md §4.1: fields are only added; Stytch's SDKs ignore unknown ones). Null when none.
CREATE OR REPLACE FUNCTION gatehouse_user_profile(u users) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'user_id', u.id,
    'created_at', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'status', u.status,
    'name', json_build_object('first_name', u.first_name, 'middle_name', u.middle_name, 'last_name', u.last_name),
    'username', u.username,
    'emails', coalesce((SELECT json_agg(json_build_object('email_id', r.id, 'email', r.email, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM user_emails r WHERE r.user_id = u.id), '[]'::json),
    'phone_numbers', coalesce((SELECT json_agg(json_build_object('phone_id', r.id, 'phone_number', r.phone_number, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM user_phone_numbers r WHERE r.user_id = u.id), '[]'::json),
    'providers', coalesce((SELECT json_agg(json_build_object('oauth_user_registration_id', r.id, 'provider_subject', r.provider_subject, 'provider_type', r.provider_type, 'profile_picture_url', r.profile_picture_url, 'locale', r.locale) ORDER BY r.created_at, r.id) FROM oauth_registrations r WHERE r.user_id = u.id), '[]'::json),
    'webauthn_registrations', coalesce((SELECT json_agg(json_build_object('webauthn_registration_id', r.id, 'domain', r.domain, 'user_agent', r.user_agent, 'authenticator_type', r.authenticator_type, 'verified', r.verified, 'name', r.name, 'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'last_used_at', to_char(r.last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY r.created_at, r.id) FROM webauthn_registrations r WHERE r.user_id = u.id), '[]'::json),
    'crypto_wallets', coalesce((SELECT json_agg(json_build_object('crypto_wallet_id', r.id, 'crypto_wallet_address', r.address, 'crypto_wallet_type', r.wallet_type, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM crypto_wallets r WHERE r.user_id = u.id), '[]'::json),
    'totps', coalesce((SELECT json_agg(json_build_object('totp_id', r.id, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM totps r WHERE r.user_id = u.id), '[]'::json),
    'biometric_registrations', coalesce((SELECT json_agg(json_build_object('biometric_registration_id', r.id, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM biometric_registrations r WHERE r.user_id = u.id), '[]'::json),
    'password', (SELECT json_build_object('password_id', p.id, 'requires_reset', p.requires_reset) FROM passwords p WHERE p.user_id = u.id),
    'trusted_metadata', u.trusted_metadata,
    'untrusted_metadata', u.untrusted_metadata
  )::text;
END
$$;
--> statement-breakpoint
-- Existing documents pick up the field (the users trigger recomputes the profile on this update).
UPDATE users SET profile = '';
