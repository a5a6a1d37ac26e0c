-- Issue 23 item 3 on PostgreSQL: every instance now keeps the rows of recent session checks in memory
-- (features/sessions/session-cache.ts) and LISTENs on a connection of its own (infra/db/postgres-listener.ts), so a
-- write that changes what a check reads must notify whoever made it: an instance's pool, a migration, an operator's
-- psql. The triggers of 0028 now notify unless the writing connection turned `gatehouse.session_cache` off (nothing
-- does today; it is the way out for a bulk job run with every instance stopped). The NOTIFY costs only the
-- transactions that write sessions or users (a sign-in, a refresh, a last-access write at most once a minute per
-- session, a revocation).
CREATE OR REPLACE FUNCTION gatehouse_session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('gatehouse.session_cache', true) IS DISTINCT FROM 'off' THEN
    PERFORM pg_notify('gatehouse_session_cache',
      CASE WHEN TG_LEVEL = 'STATEMENT' THEN '*' ELSE to_jsonb(OLD) ->> TG_ARGV[0] END);
  END IF;
  RETURN NULL;
END $$;
