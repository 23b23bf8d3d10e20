import { type Migration, registerMigrations } from '../db/migrate.ts';

/** SQLSTATE raised by `append_events` on a version conflict; DETAIL is `{streamId, expected, actual}`. */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'SC409';

/**
 * The event store: one `events` table and one `append_events` function.
 *
 * Ordering guarantee. Positions come from an identity sequence, and sequences hand out numbers in
 * call order, not commit order. Two rules together make "read all after P" never skip an event:
 * 1. `append_events` takes a transaction-scoped advisory lock (per schema) before it writes, so
 *    appends through it commit one at a time, in position order: when a reader sees position P,
 *    every lower position is committed or rolled back. The lock also makes the version check
 *    race-free: the second of two racing appenders sees the first's events and gets a conflict.
 * 2. Readers stop at the first row whose `tx_id >= pg_snapshot_xmin(pg_current_snapshot())`: its
 *    transaction started after the oldest one still running, which may hold a lower position not yet
 *    visible. This covers rows written around the function (a raw INSERT in another transaction).
 *    Readers stop there rather than filter such rows out: a transaction that got its id early but
 *    appended late (older id, higher position) would otherwise be returned ahead of a held-back
 *    lower position, and the reader would move past that position for good.
 * The cost of rule 2: any long-running transaction that holds an id (in any database of the server)
 * holds back events committed after it started, until it ends.
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
  PERFORM pg_advisory_xact_lock(1547567104, hashtext(current_schema()));
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
];

registerMigrations(...eventStoreMigrations);
