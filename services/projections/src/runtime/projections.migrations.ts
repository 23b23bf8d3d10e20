import { type Migration, registerMigrations } from '@scentinel/platform';

/**
 * The projector runtime's own tables:
 * - `projection_versions`: every build of a Postgres projection. `version` is a build number
 *   (the first build takes the code version; each rebuild takes max + 1), `code_version` the
 *   definition version that built it, `tables` the tables it owns. At most one build per name is
 *   `active` (the one reads use); `building` → `ready` → `active` → `retired`, or `failed`.
 * - `projection_checkpoints`: position per build, written in the read-model transaction.
 * - `projection_dead_letters`: events whose apply threw in live mode.
 */
export const projectionMigrations: Migration[] = [
  {
    id: 'projections:0001-runtime',
    sql: `
CREATE TABLE IF NOT EXISTS projection_versions (
  name text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  code_version integer NOT NULL,
  status text NOT NULL CHECK (status IN ('building', 'ready', 'active', 'failed', 'retired')),
  tables text[] NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS projection_versions_one_active ON projection_versions (name) WHERE status = 'active';

CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text NOT NULL,
  version integer NOT NULL,
  position bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);

CREATE TABLE IF NOT EXISTS projection_dead_letters (
  id bigserial PRIMARY KEY,
  projection text NOT NULL,
  version integer NOT NULL,
  position bigint NOT NULL,
  event_id text NOT NULL,
  event_type text NOT NULL,
  error text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retried_at timestamptz,
  UNIQUE (projection, version, event_id)
);
CREATE INDEX IF NOT EXISTS projection_dead_letters_open ON projection_dead_letters (projection, version, position)
  WHERE retried_at IS NULL;
`,
  },
];

registerMigrations(...projectionMigrations);
