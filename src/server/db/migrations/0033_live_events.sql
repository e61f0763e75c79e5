-- Hand-written (#33, live changes): every statement that adds audit rows tells the app processes listening on channel 'tagbase_live' which range of audit ids it wrote: per project for rows of a project ('p'), per table for the others ('t': a quote's, a package's, an adjudication's lists, whose rows carry no project). Every write path audits in its transaction, so the audit log is the one place to watch (as for isdirty, 0009); NOTIFY is delivered only at commit, so a rolled-back write tells no one. The payload is a few dozen bytes whatever the write's size (PostgreSQL's limit is 8,000): the listeners read the rows themselves (modules/live-events).
CREATE FUNCTION "notify_live_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT "project_id", min("id") AS "first", max("id") AS "last" FROM "audited" WHERE "project_id" IS NOT NULL GROUP BY "project_id" LOOP
    PERFORM pg_notify('tagbase_live', json_build_object('p', r."project_id", 'a', r."first", 'b', r."last")::text);
  END LOOP;
  FOR r IN SELECT "table_name", min("id") AS "first", max("id") AS "last" FROM "audited" WHERE "project_id" IS NULL GROUP BY "table_name" LOOP
    PERFORM pg_notify('tagbase_live', json_build_object('t', r."table_name", 'a', r."first", 'b', r."last")::text);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_notifies_live_changes" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS "audited" FOR EACH STATEMENT EXECUTE FUNCTION "notify_live_changes"();
