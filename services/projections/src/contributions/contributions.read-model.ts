import type { ContributionEntry, ContributionStatus } from '@scentinel/domain';
import type { SqlExecutor } from '@scentinel/platform';
import { ActiveTable, type TableResolver } from '../accounts/active-table.ts';
import { CONTRIBUTIONS_PROJECTION } from './contributions.projection.ts';

export interface ContributionRecord {
  id: string;
  perfume_id: string;
  perfume_name: string;
  contributor_id: string;
  contributor_role: string;
  chemical_data: ContributionEntry[];
  contributor_notes: string | null;
  status: ContributionStatus;
  rejection_reason: string | null;
  submitted_at: string;
  reviewed_at: string | null;
}

export interface ContributionListFilter {
  status?: ContributionStatus;
  contributorId?: string;
  limit: number;
  skip: number;
}

interface Row {
  id: string;
  perfume_id: string;
  perfume_name: string;
  contributor_id: string;
  contributor_role: string;
  chemical_data: ContributionEntry[] | string;
  contributor_notes: string | null;
  status: ContributionStatus;
  rejection_reason: string | null;
  submitted_at: Date;
  reviewed_at: Date | null;
}

function toRecord(row: Row): ContributionRecord {
  return {
    id: row.id,
    perfume_id: row.perfume_id,
    perfume_name: row.perfume_name,
    contributor_id: row.contributor_id,
    contributor_role: row.contributor_role,
    chemical_data: typeof row.chemical_data === 'string' ? JSON.parse(row.chemical_data) : row.chemical_data,
    contributor_notes: row.contributor_notes,
    status: row.status,
    rejection_reason: row.rejection_reason,
    submitted_at: new Date(row.submitted_at).toISOString(),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
  };
}

const COLUMNS =
  'id, perfume_id, perfume_name, contributor_id, contributor_role, chemical_data, contributor_notes, status, rejection_reason, submitted_at, reviewed_at';

/** Reads over the active `contributions` build. */
export class ContributionsReadModel {
  private readonly table: ActiveTable;

  constructor(runtime: TableResolver, db: SqlExecutor) {
    this.table = new ActiveTable(runtime, db, CONTRIBUTIONS_PROJECTION, 'contributions');
  }

  async byId(id: string): Promise<ContributionRecord | null> {
    const { rows } = await this.table.query<Row>(`SELECT ${COLUMNS} FROM {table} WHERE id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Oldest first for the review queue (status filter), newest first for one contributor's list. */
  async list(
    filter: ContributionListFilter,
  ): Promise<{ contributions: ContributionRecord[]; total: number }> {
    const conditions: string[] = [];
    const params: unknown[] = [filter.limit, filter.skip];
    if (filter.status !== undefined) {
      params.push(filter.status);
      conditions.push(`status = $${params.length}`);
    }
    if (filter.contributorId !== undefined) {
      params.push(filter.contributorId);
      conditions.push(`contributor_id = $${params.length}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const order = filter.contributorId !== undefined ? 'submitted_at DESC, id' : 'submitted_at, id';
    const { rows } = await this.table.query<Row & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM {table} ${where} ORDER BY ${order} LIMIT $1 OFFSET $2`,
      params,
    );
    return { contributions: rows.map(toRecord), total: rows[0]?.total ?? 0 };
  }
}
