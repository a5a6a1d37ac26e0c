-- Issue 26 item 4: the console's user search at a million users. The name as the search reads it, as an IMMUTABLE
-- function so an index can hold it (concat_ws itself is only STABLE).
CREATE OR REPLACE FUNCTION gatehouse_user_name(first_name text, middle_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', nullif(first_name, ''), nullif(middle_name, ''), nullif(last_name, ''))) $$;
--> statement-breakpoint
-- Trigram indexes answer `LIKE '%…%'` on every identifier (features/users/admin-user-search.ts). pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension (a database owner may create it). Where it cannot be created (the
-- embedded PGlite loads no extension; a server without contrib), the search still answers, by walking the project's
-- users newest first.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available (%): the admin user search walks the users instead', SQLERRM;
    RETURN;
  END;
  CREATE INDEX IF NOT EXISTS user_emails_email_trgm_idx ON user_emails USING gin (email gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS user_phone_numbers_phone_trgm_idx ON user_phone_numbers USING gin (phone_number gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS crypto_wallets_address_trgm_idx ON crypto_wallets USING gin (lower(address) gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (lower(username) gin_trgm_ops)
    WHERE username IS NOT NULL;
  CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users
    USING gin (gatehouse_user_name(first_name, middle_name, last_name) gin_trgm_ops);
END $$;
