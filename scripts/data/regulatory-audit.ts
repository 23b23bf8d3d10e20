/**
 * Audit of the chemical database's regulatory statements: every regulatory datum the product shows
 * must name its source (a human-readable `source_name`) and carry a date (`source_date`). The
 * data audit calls `regulatoryRowsWithoutSourceOrDate` and expects an empty answer.
 */

/** The part of a chemical the audit reads; the built `Chemical` and the domain record both fit. */
export interface AuditedChemical {
  id: string;
  safety_information?: {
    regional_regulations?: readonly unknown[] | null;
    regulatory_history?: readonly unknown[] | null;
    eu_prohibition?: unknown;
    eu_allergen?: unknown;
    ifra?: unknown;
    sccs_data?: unknown;
    iarc?: unknown;
    prop65?: unknown;
  } | null;
}

export interface AuditFinding {
  chemical_id: string;
  /** `regional_regulations[2]`, `eu_prohibition`, `prop65`, … */
  field: string;
}

const SINGLE_FIELDS = ['eu_prohibition', 'eu_allergen', 'ifra', 'sccs_data', 'iarc', 'prop65'] as const;

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** True when a datum names its source and gives a date. */
export function hasSourceAndDate(datum: unknown): boolean {
  if (typeof datum !== 'object' || datum === null) return false;
  const d = datum as Record<string, unknown>;
  return filled(d.source_name) && filled(d.source_date);
}

/**
 * Every regional regulation (current or former), EU prohibition, EU allergen listing, IFRA
 * standard, SCCS opinion, IARC classification and Prop 65 listing that lacks a source name or a
 * date. Absent data (null) is not a finding: only data that is shown must be sourced.
 */
export function regulatoryRowsWithoutSourceOrDate(chemicals: readonly AuditedChemical[]): AuditFinding[] {
  const findings: AuditFinding[] = [];
  for (const chemical of chemicals) {
    const safety = chemical.safety_information;
    if (!safety) continue;
    for (const list of ['regional_regulations', 'regulatory_history'] as const) {
      (safety[list] ?? []).forEach((row, i) => {
        if (!hasSourceAndDate(row)) findings.push({ chemical_id: chemical.id, field: `${list}[${i}]` });
      });
    }
    for (const field of SINGLE_FIELDS) {
      const datum = safety[field];
      if (datum === null || datum === undefined) continue;
      if (!hasSourceAndDate(datum)) findings.push({ chemical_id: chemical.id, field });
    }
  }
  return findings;
}
