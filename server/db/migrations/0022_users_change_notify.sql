-- Checked sessions are kept per token in each process (server/modules/accounts/session-cache.ts,
-- ADR 031). Any committed update or delete of a user's row (password change or reset, which ends
-- their sessions; deactivation; role; name and default addresses, which `me` answers from the
-- kept row) notifies every process with the user's id; a truncate with '' (anyone).
CREATE OR REPLACE FUNCTION notify_users_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('suki_users', '');
  ELSE
    PERFORM pg_notify('suki_users', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_users_change();
--> statement-breakpoint
CREATE TRIGGER users_session_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_users_change();
