import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRecord } from '../../../lib/is-record.ts';
import type { Id } from '../../../types/api.ts';

/** How one perfume links a chemical: its concentration range (%) and where the link comes from. */
export type PerfumeLink = {
  concentration_min: number | null;
  concentration_max: number | null;
  /** label, admin, contribution, scan (declared) or inferred (from a note). */
  source: string | null;
};

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The link to `chemical` in a full perfume answer (GET /perfumes/{id}), matched by id, else by
 * name; of several links (declared and inferred) the one with a concentration wins. Null when the
 * perfume does not link the chemical.
 */
export function findPerfumeLink(raw: unknown, chemical: { id: Id | null; name: string }): PerfumeLink | null {
  if (!isRecord(raw) || !Array.isArray(raw.chemicals)) return null;
  const id = chemical.id === null ? null : String(chemical.id);
  const name = chemical.name.trim().toLowerCase();
  const links = raw.chemicals.filter(isRecord).filter((link) => {
    const linkId = link.chemical_id ?? link.id;
    if (id !== null && (typeof linkId === 'string' || typeof linkId === 'number'))
      return String(linkId) === id;
    return typeof link.name === 'string' && link.name.trim().toLowerCase() === name;
  });
  const views = links.map((link) => ({
    concentration_min: num(link.concentration_min),
    concentration_max: num(link.concentration_max),
    source: typeof link.source === 'string' ? link.source : null,
  }));
  return (
    views.find((view) => view.concentration_min !== null || view.concentration_max !== null) ??
    views[0] ??
    null
  );
}

/**
 * The concentration a perfume gives for a chemical, read from the full perfume (list cards leave
 * concentrations out). Fetched only when `enabled`.
 */
export function usePerfumeLink(
  perfumeId: string | null,
  chemical: { id: Id | null; name: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['chemicals', 'perfume-link', perfumeId, String(chemical.id ?? chemical.name)] as const,
    queryFn: async ({ signal }) =>
      findPerfumeLink(
        await api.get<unknown>(`/perfumes/${encodeURIComponent(perfumeId ?? '')}`, { signal }),
        chemical,
      ),
    enabled: enabled && perfumeId !== null,
    staleTime: 60_000,
    retry: false,
  });
}
