import type { ContributionEvent } from '@scentinel/domain';
import type { SqlExecutor, StoredEvent } from '@scentinel/platform';
import type { PostgresProjection, ProjectionContext } from '../runtime/projection.ts';

export const CONTRIBUTIONS_PROJECTION = 'contributions';

export const CONTRIBUTION_EVENT_TYPES = [
  'ContributionSubmitted',
  'ContributionApproved',
  'ContributionRejected',
] as const satisfies readonly ContributionEvent['type'][];

/**
 * Chemical-data contributions for the admin review queue and the contributor's own list: one row
 * per contribution with its entries (jsonb), status (`pending`, `approved`, `rejected`), and who
 * reviewed it when.
 */
export const contributionsProjection: PostgresProjection = {
  name: CONTRIBUTIONS_PROJECTION,
  version: 1,
  kind: 'postgres',
  description: 'Chemical-data contributions and their review status',
  handles: CONTRIBUTION_EVENT_TYPES,
  tables: ['contributions'],
  async setup(tx, ctx) {
    const table = ctx.tableName('contributions');
    await tx.exec(`
      CREATE TABLE ${table} (
        id text PRIMARY KEY,
        perfume_id text NOT NULL,
        perfume_name text NOT NULL,
        contributor_id text NOT NULL,
        contributor_role text NOT NULL,
        chemical_data jsonb NOT NULL,
        contributor_notes text,
        status text NOT NULL,
        rejection_reason text,
        submitted_at timestamptz NOT NULL,
        reviewed_at timestamptz,
        reviewed_by text
      );
      CREATE INDEX ${table}_status ON ${table} (status, submitted_at);
      CREATE INDEX ${table}_contributor ON ${table} (contributor_id, submitted_at);`);
  },
  async apply(events, tx, ctx) {
    for (const event of events) await applyOne(event, tx, ctx);
  },
};

async function applyOne(stored: StoredEvent, tx: SqlExecutor, ctx: ProjectionContext): Promise<void> {
  const table = ctx.tableName('contributions');
  const event = { type: stored.type, data: stored.data } as ContributionEvent;
  const at = stored.metadata.occurredAt;
  switch (event.type) {
    case 'ContributionSubmitted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ${table} (id, perfume_id, perfume_name, contributor_id, contributor_role, chemical_data,
           contributor_notes, status, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 'pending', $8)
         ON CONFLICT (id) DO UPDATE SET perfume_id = excluded.perfume_id, perfume_name = excluded.perfume_name,
           contributor_id = excluded.contributor_id, contributor_role = excluded.contributor_role,
           chemical_data = excluded.chemical_data, contributor_notes = excluded.contributor_notes,
           status = 'pending', submitted_at = excluded.submitted_at`,
        [
          d.contribution_id,
          d.perfume_id,
          d.perfume_name,
          d.contributor_id,
          d.contributor_role,
          JSON.stringify(d.chemical_data),
          d.contributor_notes,
          at,
        ],
      );
      return;
    }
    case 'ContributionApproved':
    case 'ContributionRejected': {
      const rejected = event.type === 'ContributionRejected';
      await tx.query(
        `UPDATE ${table} SET status = $2, rejection_reason = $3, reviewed_at = $4, reviewed_by = $5 WHERE id = $1`,
        [
          event.data.contribution_id,
          rejected ? 'rejected' : 'approved',
          rejected ? event.data.reason : null,
          at,
          stored.metadata.actorId,
        ],
      );
      return;
    }
    default: {
      const unknown: never = event;
      throw new Error(`contributions projection: unexpected event ${(unknown as { type: string }).type}`);
    }
  }
}
