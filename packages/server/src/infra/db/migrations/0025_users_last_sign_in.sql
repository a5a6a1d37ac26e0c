-- Issue 26 item 3: the console's users list by last sign-in (a range, a sort either way, keyset pagination), by
-- verified (the users with nothing verified from a partial index) and by metadata (`key = value` on trusted or
-- untrusted metadata), each on an index at a million users.
--
-- Whether the user holds a verified e-mail address or phone number, read from the profile document (0005: the
-- trigger keeps it current on every change of those rows), IMMUTABLE so a partial index can hold it.
CREATE OR REPLACE FUNCTION gatehouse_profile_verified(profile text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT profile <> '' AND (jsonb_path_exists(profile::jsonb, '$.emails[*] ? (@.verified == true)')
    OR jsonb_path_exists(profile::jsonb, '$.phone_numbers[*] ? (@.verified == true)')) $$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_project_last_sign_in_idx" ON "users" USING btree ("project_id",coalesce("last_sign_in_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "users_project_unverified_idx" ON "users" USING btree ("project_id","created_at","id") WHERE NOT gatehouse_profile_verified("users"."profile");--> statement-breakpoint
CREATE INDEX "users_trusted_metadata_idx" ON "users" USING gin ("trusted_metadata" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "users_untrusted_metadata_idx" ON "users" USING gin ("untrusted_metadata" jsonb_path_ops);
--> statement-breakpoint
-- The users trigger (0005) rebuilt the profile on every update of the row; a sign-in stamping last_sign_in_at alone
-- leaves the document as it is (UPDATE OF every other column, so each statement that fired it before still does).
DROP TRIGGER users_profile ON users;--> statement-breakpoint
CREATE TRIGGER users_profile BEFORE INSERT OR UPDATE OF id, project_id, status, first_name, middle_name, last_name,
  trusted_metadata, untrusted_metadata, created_at, profile, external_id, username, blocked_at, blocked_reason
  ON users FOR EACH ROW EXECUTE FUNCTION gatehouse_users_profile_trigger();
