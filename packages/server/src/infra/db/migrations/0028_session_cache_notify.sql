-- Issue 23 item 3: the embedded default keeps the rows of recent session checks in memory
-- (features/sessions/session-cache.ts), so every write that changes what a check reads must say so at once: a
-- session updated or deleted (revoked, expired early, refreshed, a factor added), a user whose profile document or
-- block changes or who is deleted, either table emptied. The notification names the user ('*' for a TRUNCATE); the
-- cache forgets that user's sessions. Only a connection that turned `gatehouse.session_cache` on notifies (the PGlite
-- handle that holds the cache, infra/db/client.ts): on PostgreSQL nothing listens, and a NOTIFY would serialise
-- every committing transaction of the cluster on the notification queue's lock for nothing.
-- The payload: the named column of the row (`user_id` of a session, `id` of a user); '*' for a statement (TRUNCATE).
CREATE FUNCTION gatehouse_session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('gatehouse.session_cache', true) = 'on' THEN
    PERFORM pg_notify('gatehouse_session_cache',
      CASE WHEN TG_LEVEL = 'STATEMENT' THEN '*' ELSE to_jsonb(OLD) ->> TG_ARGV[0] END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION gatehouse_session_cache_notify('user_id');
--> statement-breakpoint
-- The profile document is rebuilt by users' BEFORE trigger (0005), whatever column the statement named: compare the
-- rows as written rather than naming columns.
CREATE TRIGGER users_cache_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at)
  EXECUTE FUNCTION gatehouse_session_cache_notify('id');
--> statement-breakpoint
CREATE TRIGGER users_cache_notify_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION gatehouse_session_cache_notify('id');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_session_cache_notify();
--> statement-breakpoint
CREATE TRIGGER users_cache_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION gatehouse_session_cache_notify();
