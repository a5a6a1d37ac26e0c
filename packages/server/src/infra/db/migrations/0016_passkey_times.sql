-- Issue 22 finding 3 / Deliver 2: the account page lists each passkey with when it was added and when it was last
-- used ("a list with name, created and last used"). users.profile (0005, 0014) gets two Gatehouse fields on every
-- webauthn_registrations entry, `created_at` and `last_used_at` (RFC 3339 UTC, second precision; null before the
-- first sign-in with it). Extra fields are fine for Stytch's SDKs (wire-format.md §4.1: fields are only added); the
-- existing ones are unchanged. 0005 left last_used_at out of the trigger's column list so a passkey sign-in would not
-- rewrite the user row; the list needs the time, so a sign-in with a passkey now refreshes the document once (the
-- same row lock and recompute as any sub-record change; the sign-in already writes the registration row).
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
DROP TRIGGER webauthn_registrations_profile ON webauthn_registrations;
--> statement-breakpoint
CREATE TRIGGER webauthn_registrations_profile AFTER INSERT OR DELETE OR UPDATE OF user_id, domain, user_agent, authenticator_type, verified, name, created_at, last_used_at ON webauthn_registrations
  FOR EACH ROW EXECUTE FUNCTION gatehouse_sub_record_profile_trigger();
--> statement-breakpoint
-- Existing documents pick up the new fields (the users trigger recomputes the profile on this update).
UPDATE users SET profile = '' WHERE id IN (SELECT DISTINCT user_id FROM webauthn_registrations);
