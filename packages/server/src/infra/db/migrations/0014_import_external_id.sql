-- Issue 14 item 3 (features/import): users.external_id, the user's id in the system it was imported from; importing
-- is idempotent on (project_id, external_id).
--
-- And the users.profile triggers of 0005 at import scale. Measured with psql on PostgreSQL 15 (2 CPUs, load ~11): 20,000
-- users with an e-mail, a phone number and a password each, in four multi-row INSERTs, took 27 s with the triggers as
-- they were (every sub-record row rewrites its user row and recomputes the document: four documents per user, and a
-- SQL-language function that is not inlined is planned again on every call) and under 3 s with both changes below.
-- Through the import pipeline (bench/import-users.ts, 10,000 users with more sub-records, load ~3) the gain is
-- smaller, 1,626 → 2,782 users/s, as round trips and validation then weigh in (941 → 1,156 at load ~9).
-- 1. gatehouse_user_profile becomes PL/pgSQL, whose statement plans are cached per connection (same document).
-- 2. A transaction that sets `gatehouse.defer_user_profile` to 'on' (set_config(…, true): that transaction only) skips
--    the per-row recomputes of new users and their sub-records and must refresh the document of every user it wrote
--    before it commits, once each (features/users bulk-import.ts refreshUserProfiles, the only caller). Rows it has
--    not committed are visible to no one else, so 0005's locking argument is untouched.
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_project_external_id_uq" ON "users" USING btree ("project_id","external_id") WHERE "users"."external_id" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gatehouse_user_profile(u users) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'user_id', u.id,
    'created_at', to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'status', u.status,
    'name', json_build_object('first_name', u.first_name, 'middle_name', u.middle_name, 'last_name', u.last_name),
    'emails', coalesce((SELECT json_agg(json_build_object('email_id', r.id, 'email', r.email, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM user_emails r WHERE r.user_id = u.id), '[]'::json),
    'phone_numbers', coalesce((SELECT json_agg(json_build_object('phone_id', r.id, 'phone_number', r.phone_number, 'verified', r.verified) ORDER BY r.created_at, r.id) FROM user_phone_numbers r WHERE r.user_id = u.id), '[]'::json),
    'providers', coalesce((SELECT json_agg(json_build_object('oauth_user_registration_id', r.id, 'provider_subject', r.provider_subject, 'provider_type', r.provider_type, 'profile_picture_url', r.profile_picture_url, 'locale', r.locale) ORDER BY r.created_at, r.id) FROM oauth_registrations r WHERE r.user_id = u.id), '[]'::json),
    'webauthn_registrations', coalesce((SELECT json_agg(json_build_object('webauthn_registration_id', r.id, 'domain', r.domain, 'user_agent', r.user_agent, 'authenticator_type', r.authenticator_type, 'verified', r.verified, 'name', r.name) ORDER BY r.created_at, r.id) FROM webauthn_registrations r WHERE r.user_id = u.id), '[]'::json),
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
CREATE OR REPLACE FUNCTION gatehouse_users_profile_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('gatehouse.defer_user_profile', true) = 'on' THEN
    RETURN NEW;
  END IF;
  SELECT gatehouse_user_profile(NEW) INTO NEW.profile;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gatehouse_sub_record_profile_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('gatehouse.defer_user_profile', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM gatehouse_refresh_user_profile(OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM gatehouse_refresh_user_profile(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
