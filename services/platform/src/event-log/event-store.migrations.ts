import { type Migration, registerMigrations } from '../db/migrate.ts';

/** SQLSTATE raised by `append_events` on a version conflict; DETAIL is `{streamId, expected, actual}`. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'SC409';
/** SQLSTATE raised by `append_events_keyed` when a key is held by another stream; DETAIL is `{key, holder}`. */
export const UNIQUE_KEY_TAKEN_SQLSTATE = 'SC410';

/** Advisory lock key (first half) of the append lock; the second half is the schema's hash. */
const APPEND_LOCK = 1547567104;
/** Advisory lock key (first half) held, shared, by writers that insert around `append_events`. */
const RAW_WRITER_LOCK = 1547567105;
/** Payloads of at least this many bytes (as jsonb) also keep their JSON text (see 0010). */
const PAYLOAD_TEXT_MIN_BYTES = 1024;

/**
 * The event store: one `events` table, one `append_events` function and one `read_events`.
 *
 * Ordering guarantee. Positions come from an identity sequence, and sequences hand out numbers in
 * call order, not commit order. Two rules together make "read all after P" never skip an event:
 * 1. `append_events` takes a transaction-scoped advisory lock (per schema) before it writes, so
 *    appends through it commit one at a time, in position order: when a reader sees position P,
 *    every lower position is committed or rolled back. The lock also makes the version check
 *    race-free: the second of two racing appenders sees the first's events and gets a conflict.
 * 2. Writes around the function (a raw INSERT, COPY) are not ordered by that lock. A statement
 *    trigger makes each of them hold a shared "raw writer" advisory lock until its transaction ends.
 *    `read_events` first tries that lock exclusively: when it gets it, no such writer is in flight,
 *    so every visible row can be returned. When it does not, it falls back to stopping at the first
 *    row whose `tx_id >= pg_snapshot_xmin(pg_current_snapshot())`: its transaction started after the
 *    oldest one still running, which may hold a lower position not yet visible. Readers stop there
 *    rather than filter such rows out: a transaction that got its id early but appended late (older
 *    id, higher position) would otherwise be returned ahead of a held-back lower position, and the
 *    reader would move past that position for good.
 * What this gives readers: an appender reads its own append as soon as it is acknowledged, and every
 * other reader sees it on its next read. Transactions that do not write events (a relay moving its
 * checkpoint, other applications on the same server) hold nothing back. Only while a write around
 * the function is in flight are readers held back, until the oldest running transaction ends.
 *
 * Version checks read `max(version)` through the `(stream_id, version)` unique index (one index
 * descent per stream), so no separate `streams` table has to be written on every append.
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: 'platform:0001-event-store',
    sql: `
CREATE TABLE events (
  position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id uuid NOT NULL,
  stream_id text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  type text NOT NULL,
  schema_version integer NOT NULL DEFAULT 1 CHECK (schema_version > 0),
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT events_id_unique UNIQUE (id),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version)
);

-- Appends batches of events to several streams atomically.
-- p_stream_ids / p_expected: one entry per batch (distinct streams; NULL expected = any version).
-- p_batch / p_offset and the event columns: one entry per event, in append order; p_batch is the
-- 1-based batch index and p_offset the 1-based index of the event within its batch.
-- Returns one row per batch, in batch order: the stream's new version and its last position.
CREATE FUNCTION append_events(
  p_stream_ids text[],
  p_expected integer[],
  p_batch integer[],
  p_offset integer[],
  p_ids uuid[],
  p_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version integer, last_position bigint)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
DECLARE
  v_base integer[] := '{}';
  v_current integer;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK}, hashtext(current_schema()));
  FOR i IN 1 .. coalesce(array_length(p_stream_ids, 1), 0) LOOP
    SELECT coalesce(max(e.version), 0) INTO v_current FROM events e WHERE e.stream_id = p_stream_ids[i];
    IF p_expected[i] IS NOT NULL AND p_expected[i] <> v_current THEN
      RAISE EXCEPTION 'wrong expected version for stream %', p_stream_ids[i]
        USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
              DETAIL = json_build_object('streamId', p_stream_ids[i], 'expected', p_expected[i], 'actual', v_current)::text;
    END IF;
    v_base := v_base || v_current;
  END LOOP;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (id, stream_id, version, type, schema_version, data, metadata)
    SELECT e.id, p_stream_ids[e.b], v_base[e.b] + e.o, e.t, e.sv, e.d, e.m
    FROM unnest(p_batch, p_offset, p_ids, p_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS e(b, o, id, t, sv, d, m, n)
    ORDER BY e.n
    RETURNING stream_id, version, position
  )
  SELECT max(i.version), max(i.position)
  FROM inserted i JOIN unnest(p_stream_ids) WITH ORDINALITY AS s(stream_id, n) ON s.stream_id = i.stream_id
  GROUP BY s.n
  ORDER BY s.n;
END
$fn$;
`,
  },
  {
    // Finds the rows readers must hold back (tx_id >= xmin: a few recent transactions) without a scan.
    id: 'platform:0002-events-tx-id-index',
    sql: 'CREATE INDEX events_tx_id_idx ON events (tx_id);',
  },
  {
    // Rule 2 above: writes around append_events announce themselves; readers hold back only then.
    id: 'platform:0003-read-events',
    sql: `
CREATE FUNCTION events_raw_writer() RETURNS trigger
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
BEGIN
  IF coalesce(current_setting('scentinel.appending', true), '') <> 'on' THEN
    PERFORM pg_advisory_xact_lock_shared(${RAW_WRITER_LOCK}, hashtext(current_schema()));
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER events_raw_writer BEFORE INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_raw_writer();

CREATE OR REPLACE FUNCTION append_events(
  p_stream_ids text[],
  p_expected integer[],
  p_batch integer[],
  p_offset integer[],
  p_ids uuid[],
  p_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (next_version integer, last_position bigint)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
DECLARE
  v_base integer[] := '{}';
  v_current integer;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK}, hashtext(current_schema()));
  FOR i IN 1 .. coalesce(array_length(p_stream_ids, 1), 0) LOOP
    SELECT coalesce(max(e.version), 0) INTO v_current FROM events e WHERE e.stream_id = p_stream_ids[i];
    IF p_expected[i] IS NOT NULL AND p_expected[i] <> v_current THEN
      RAISE EXCEPTION 'wrong expected version for stream %', p_stream_ids[i]
        USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
              DETAIL = json_build_object('streamId', p_stream_ids[i], 'expected', p_expected[i], 'actual', v_current)::text;
    END IF;
    v_base := v_base || v_current;
  END LOOP;

  PERFORM set_config('scentinel.appending', 'on', true);
  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (id, stream_id, version, type, schema_version, data, metadata)
    SELECT e.id, p_stream_ids[e.b], v_base[e.b] + e.o, e.t, e.sv, e.d, e.m
    FROM unnest(p_batch, p_offset, p_ids, p_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS e(b, o, id, t, sv, d, m, n)
    ORDER BY e.n
    RETURNING stream_id, version, position
  )
  SELECT max(i.version), max(i.position)
  FROM inserted i JOIN unnest(p_stream_ids) WITH ORDINALITY AS s(stream_id, n) ON s.stream_id = i.stream_id
  GROUP BY s.n
  ORDER BY s.n;
  PERFORM set_config('scentinel.appending', 'off', true);
END
$fn$;

-- Events after p_after, at most p_limit, in position order; with p_types given, data only for
-- those types. held = the reader must stop before this row (a write around append_events is in
-- flight and the row's transaction started after the oldest running one).
CREATE FUNCTION read_events(p_after bigint, p_limit integer, p_types text[])
RETURNS TABLE (
  "position" bigint, id uuid, stream_id text, version integer, type text, schema_version integer,
  data jsonb, metadata jsonb, recorded_at timestamptz, held boolean
)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
BEGIN
  -- Taken before the read's snapshot (each statement here takes its own) and kept to the end of
  -- the caller's transaction: no write around append_events can start positioning rows meanwhile.
  IF pg_try_advisory_xact_lock(${RAW_WRITER_LOCK}, hashtext(current_schema())) THEN
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data END, e.metadata, e.recorded_at, false
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  ELSE
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data END, e.metadata, e.recorded_at,
      e.tx_id >= pg_snapshot_xmin(pg_current_snapshot())
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  END IF;
END
$fn$;

-- The highest position read_events can currently deliver (0 when empty).
CREATE FUNCTION events_head() RETURNS bigint
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
BEGIN
  IF pg_try_advisory_xact_lock(${RAW_WRITER_LOCK}, hashtext(current_schema())) THEN
    RETURN (SELECT coalesce(max(e.position), 0) FROM events e);
  END IF;
  -- The inner scan uses events_tx_id_idx: only the rows of recent transactions have tx_id >= xmin.
  RETURN (SELECT coalesce(max(e.position), 0) FROM events e WHERE e.position < coalesce(
    (SELECT min(h.position) FROM events h WHERE h.tx_id >= pg_snapshot_xmin(pg_current_snapshot())),
    9223372036854775807));
END
$fn$;
`,
  },
  {
    // Unique keys held by streams (a chemical's name and CAS number), taken and given back in the
    // same transaction as the append, under the append lock: one truth for every process.
    id: 'platform:0004-unique-keys',
    sql: `
CREATE TABLE event_unique_keys (
  key text PRIMARY KEY,
  stream_id text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);

-- append_events, first releasing p_release_keys and claiming p_claim_keys (p_*_batch: the 1-based
-- batch whose stream gives back or takes each key).
CREATE FUNCTION append_events_keyed(
  p_stream_ids text[],
  p_expected integer[],
  p_batch integer[],
  p_offset integer[],
  p_ids uuid[],
  p_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_claim_batch integer[],
  p_claim_keys text[],
  p_release_batch integer[],
  p_release_keys text[]
) RETURNS TABLE (next_version integer, last_position bigint)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
DECLARE
  v_key text;
  v_holder text;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK}, hashtext(current_schema()));
  DELETE FROM event_unique_keys k
    USING unnest(p_release_batch, p_release_keys) AS r(b, key)
    WHERE k.key = r.key AND k.stream_id = p_stream_ids[r.b];
  SELECT c.key, k.stream_id INTO v_key, v_holder
    FROM unnest(p_claim_batch, p_claim_keys) WITH ORDINALITY AS c(b, key, n)
    JOIN event_unique_keys k ON k.key = c.key AND k.stream_id <> p_stream_ids[c.b]
    ORDER BY c.n LIMIT 1;
  IF v_key IS NOT NULL THEN
    RAISE EXCEPTION 'unique key % is held by %', v_key, v_holder
      USING ERRCODE = '${UNIQUE_KEY_TAKEN_SQLSTATE}',
            DETAIL = json_build_object('key', v_key, 'holder', v_holder)::text;
  END IF;
  INSERT INTO event_unique_keys (key, stream_id)
    SELECT c.key, p_stream_ids[c.b] FROM unnest(p_claim_batch, p_claim_keys) AS c(b, key)
    ON CONFLICT (key) DO NOTHING;
  RETURN QUERY SELECT a.next_version, a.last_position FROM append_events(
    p_stream_ids, p_expected, p_batch, p_offset, p_ids, p_types, p_schema_versions, p_data, p_metadata) a;
END
$fn$;
`,
  },
  {
    // Every statement that inserts events wakes the live tails of every process (LISTEN on the
    // channel `eventsChannel(schema)`); polling stays as the safety net. Sent on commit only.
    id: 'platform:0005-events-notify',
    sql: `
CREATE FUNCTION events_notify() RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  PERFORM pg_notify('scentinel_events_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$fn$;

CREATE TRIGGER events_notify AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_notify();
`,
  },
  {
    // Readers take the raw-writer lock exclusively, so two readers meet on it too: instead of giving
    // up at once (and falling back to holding back), a reader waits a little for another reader.
    id: 'platform:0006-readers-wait-for-readers',
    sql: `
-- True when no write around append_events is in flight: the raw-writer lock is taken exclusively
-- (kept until the caller's transaction ends). Readers hold it for one statement, so waiting up to
-- lock_timeout gets past another reader; a raw writer holds it for its whole transaction.
CREATE FUNCTION events_no_raw_writer() RETURNS boolean
LANGUAGE plpgsql
SET search_path FROM CURRENT
SET lock_timeout = '50ms'
AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(${RAW_WRITER_LOCK}, hashtext(current_schema()));
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END
$fn$;

-- Events after p_after, at most p_limit, in position order; with p_types given, data only for
-- those types. held = the reader must stop before this row (a write around append_events is in
-- flight and the row's transaction started after the oldest running one).
CREATE OR REPLACE FUNCTION read_events(p_after bigint, p_limit integer, p_types text[])
RETURNS TABLE (
  "position" bigint, id uuid, stream_id text, version integer, type text, schema_version integer,
  data jsonb, metadata jsonb, recorded_at timestamptz, held boolean
)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
BEGIN
  -- Checked before the read's snapshot (each statement here takes its own); the lock is kept to the
  -- end of the caller's transaction: no write around append_events can start positioning rows meanwhile.
  IF events_no_raw_writer() THEN
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data END, e.metadata, e.recorded_at, false
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  ELSE
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data END, e.metadata, e.recorded_at,
      e.tx_id >= pg_snapshot_xmin(pg_current_snapshot())
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  END IF;
END
$fn$;

-- The highest position read_events can currently deliver (0 when empty).
CREATE OR REPLACE FUNCTION events_head() RETURNS bigint
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
BEGIN
  IF events_no_raw_writer() THEN
    RETURN (SELECT coalesce(max(e.position), 0) FROM events e);
  END IF;
  -- The inner scan uses events_tx_id_idx: only the rows of recent transactions have tx_id >= xmin.
  RETURN (SELECT coalesce(max(e.position), 0) FROM events e WHERE e.position < coalesce(
    (SELECT min(h.position) FROM events h WHERE h.tx_id >= pg_snapshot_xmin(pg_current_snapshot())),
    9223372036854775807));
END
$fn$;
`,
  },
  {
    // Readers meet other readers on the raw-writer lock (each takes it exclusively for one
    // statement). Waiting a fixed 50 ms for them failed under load: thirty readers at once queued
    // longer than that, and the late ones fell back to holding back behind any transaction that
    // holds an id. Now a reader that does not get the lock at once looks at who holds it: a raw
    // writer (a shared holder) sends it straight to holding back; only readers ahead of it
    // (statement-long holders) make it wait, for up to 2 s.
    id: 'platform:0007-readers-wait-only-for-readers',
    sql: `
CREATE OR REPLACE FUNCTION events_no_raw_writer() RETURNS boolean
LANGUAGE plpgsql
SET search_path FROM CURRENT
SET lock_timeout = '2s'
AS $fn$
BEGIN
  IF pg_try_advisory_xact_lock(${RAW_WRITER_LOCK}, hashtext(current_schema())) THEN
    RETURN true;
  END IF;
  IF EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory'
      AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
      AND l.classid = ${RAW_WRITER_LOCK}::oid
      AND l.objid = hashtext(current_schema())::oid
      AND l.objsubid = 2
      AND l.mode = 'ShareLock'
  ) THEN
    RETURN false;
  END IF;
  -- A raw writer may take it meanwhile: then this waits out the timeout and holds back.
  PERFORM pg_advisory_xact_lock(${RAW_WRITER_LOCK}, hashtext(current_schema()));
  RETURN true;
EXCEPTION WHEN lock_not_available THEN
  RETURN false;
END
$fn$;
`,
  },
  {
    // The append that tells where its events sit, so the appending process can hand them to its
    // own readers instead of reading them back: every event's position (they are consecutive from
    // first_position when no write around the function interleaves), the highest position below
    // them that readers will ever see (previous_position), and the recorded time.
    id: 'platform:0008-append-events-placed',
    sql: `
-- append_events plus, on every row: first_position (the lowest position of this call's events),
-- previous_position and recorded_at. previous_position is the highest position below
-- first_position that the log will ever hold (0: none). Appends through these functions commit in
-- position order (the append lock), so every lower position of theirs is settled; a write around
-- them could still be positioning a lower row, so previous_position is NULL unless none is in
-- flight (the raw-writer lock is free of shared holders) and this call's positions are
-- consecutive (no such write interleaved).
CREATE FUNCTION append_events_placed(
  p_stream_ids text[],
  p_expected integer[],
  p_batch integer[],
  p_offset integer[],
  p_ids uuid[],
  p_types text[],
  p_schema_versions integer[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (
  next_version integer, last_position bigint, first_position bigint, previous_position bigint,
  recorded_at timestamptz
)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
DECLARE
  v_key integer := hashtext(current_schema());
  v_base integer[] := '{}';
  v_current integer;
  v_versions integer[];
  v_lasts bigint[];
  v_first bigint;
  v_last bigint;
  v_count bigint;
  v_settled boolean := false;
  v_previous bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK}, v_key);
  -- Every stream's current version in one statement (one index descent each), then the checks.
  SELECT coalesce(array_agg(coalesce(
      (SELECT max(e.version) FROM events e WHERE e.stream_id = s.id), 0) ORDER BY s.n), '{}')
    INTO v_base
    FROM unnest(p_stream_ids) WITH ORDINALITY AS s(id, n);
  FOR i IN 1 .. coalesce(array_length(p_stream_ids, 1), 0) LOOP
    v_current := v_base[i];
    IF p_expected[i] IS NOT NULL AND p_expected[i] <> v_current THEN
      RAISE EXCEPTION 'wrong expected version for stream %', p_stream_ids[i]
        USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}',
              DETAIL = json_build_object('streamId', p_stream_ids[i], 'expected', p_expected[i], 'actual', v_current)::text;
    END IF;
  END LOOP;

  PERFORM set_config('scentinel.appending', 'on', true);
  WITH inserted AS (
    INSERT INTO events (id, stream_id, version, type, schema_version, data, metadata)
    SELECT e.id, p_stream_ids[e.b], v_base[e.b] + e.o, e.t, e.sv, e.d, e.m
    FROM unnest(p_batch, p_offset, p_ids, p_types, p_schema_versions, p_data, p_metadata)
      WITH ORDINALITY AS e(b, o, id, t, sv, d, m, n)
    ORDER BY e.n
    RETURNING stream_id, version, position
  ), per_batch AS (
    SELECT s.n, max(i.version) AS v, max(i.position) AS p, min(i.position) AS f, count(*) AS c
    FROM inserted i JOIN unnest(p_stream_ids) WITH ORDINALITY AS s(stream_id, n) ON s.stream_id = i.stream_id
    GROUP BY s.n
  )
  SELECT array_agg(b.v ORDER BY b.n), array_agg(b.p ORDER BY b.n), min(b.f), max(b.p), sum(b.c)
    INTO v_versions, v_lasts, v_first, v_last, v_count
    FROM per_batch b;
  PERFORM set_config('scentinel.appending', 'off', true);

  IF v_last - v_first + 1 = v_count THEN
    -- No write around the function in flight now: every lower position is committed or never will be.
    IF pg_try_advisory_lock(${RAW_WRITER_LOCK}, v_key) THEN
      PERFORM pg_advisory_unlock(${RAW_WRITER_LOCK}, v_key);
      v_settled := true;
    ELSE
      -- Held by a reader (exclusively, for one statement) or by writers around the function (shared).
      v_settled := NOT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory'
          AND l.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
          AND l.classid = ${RAW_WRITER_LOCK}::oid
          AND l.objid = v_key::oid
          AND l.objsubid = 2
          AND l.mode = 'ShareLock'
          AND l.granted
      );
    END IF;
    IF v_settled THEN
      SELECT coalesce(max(e.position), 0) INTO v_previous FROM events e WHERE e.position < v_first;
    END IF;
  END IF;

  RETURN QUERY
  SELECT v_versions[k], v_lasts[k], v_first, v_previous, now()
  FROM generate_subscripts(v_versions, 1) AS k
  ORDER BY k;
END
$fn$;
`,
  },
  {
    // The announcement of new events carries the log's last position as the inserting statement
    // sees it (its own rows included): a process whose readers are past it need not read the log.
    id: 'platform:0009-events-notify-position',
    sql: `
CREATE OR REPLACE FUNCTION events_notify() RETURNS trigger
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
BEGIN
  PERFORM pg_notify('scentinel_events_' || TG_TABLE_SCHEMA,
    coalesce((SELECT max(e.position) FROM events e), 0)::text);
  RETURN NULL;
END
$fn$;
`,
  },
  {
    // Reading a large payload made Postgres print its jsonb as JSON text again on every read (a
    // full build from the log spent more of the server's CPU on that than on the rest of the read).
    // A payload of at least PAYLOAD_TEXT_MIN_BYTES now also keeps that text, printed once as the
    // event is stored; readers take it as is. Small payloads (most of the log: usage tracking)
    // keep none, so their appends cost the size check only. Events stored before this have none
    // either: readers print those as before. Adding the column rewrites nothing.
    id: 'platform:0010-payload-text',
    sql: `
ALTER TABLE events ADD COLUMN data_text text;

CREATE FUNCTION events_payload_text() RETURNS trigger
LANGUAGE plpgsql
AS $fn$
BEGIN
  NEW.data_text := CASE WHEN pg_column_size(NEW.data) >= ${PAYLOAD_TEXT_MIN_BYTES} THEN NEW.data::text END;
  RETURN NEW;
END
$fn$;

-- Called only for a large payload, or to clear a text that does not belong to the row's data.
CREATE TRIGGER events_payload_text BEFORE INSERT OR UPDATE ON events
  FOR EACH ROW WHEN (pg_column_size(NEW.data) >= ${PAYLOAD_TEXT_MIN_BYTES} OR NEW.data_text IS NOT NULL)
  EXECUTE FUNCTION events_payload_text();

-- read_events with the payload as text where it was kept (data_text; data is then NULL), as jsonb
-- otherwise; with p_types given, neither for other types.
CREATE FUNCTION read_events_text(p_after bigint, p_limit integer, p_types text[])
RETURNS TABLE (
  "position" bigint, id uuid, stream_id text, version integer, type text, schema_version integer,
  data jsonb, data_text text, metadata jsonb, recorded_at timestamptz, held boolean
)
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
#variable_conflict use_column
BEGIN
  -- As in read_events: checked before the read's snapshot, the lock kept to the end of the
  -- caller's transaction.
  IF events_no_raw_writer() THEN
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN e.data_text IS NULL AND (p_types IS NULL OR e.type = ANY(p_types)) THEN e.data END,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data_text END,
      e.metadata, e.recorded_at, false
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  ELSE
    RETURN QUERY
    SELECT e.position, e.id, e.stream_id, e.version, e.type, e.schema_version,
      CASE WHEN e.data_text IS NULL AND (p_types IS NULL OR e.type = ANY(p_types)) THEN e.data END,
      CASE WHEN p_types IS NULL OR e.type = ANY(p_types) THEN e.data_text END,
      e.metadata, e.recorded_at, e.tx_id >= pg_snapshot_xmin(pg_current_snapshot())
    FROM events e WHERE e.position > p_after ORDER BY e.position LIMIT p_limit;
  END IF;
END
$fn$;
`,
  },
];

registerMigrations(...eventStoreMigrations);

/** The NOTIFY channel that announces new events in a schema. */
export function eventsChannel(schema: string): string {
  return `scentinel_events_${schema}`;
}
