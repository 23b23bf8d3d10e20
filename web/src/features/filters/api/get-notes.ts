import type { Note } from '../../../types/api.ts';

export function normalizeNotes(raw: unknown): Note[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && raw !== null && Array.isArray((raw as { notes?: unknown }).notes)
      ? (raw as { notes: unknown[] }).notes
      : [];
  return list.flatMap((item): Note[] => {
    if (typeof item === 'string') return item.trim() ? [{ id: item, name: item }] : [];
    if (typeof item !== 'object' || item === null) return [];
    const { id, name, category, description } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name.trim()) return [];
    return [
      {
        id: typeof id === 'number' || typeof id === 'string' ? id : name,
        name,
        category: typeof category === 'string' ? category : null,
        description: typeof description === 'string' ? description : null,
      },
    ];
  });
}
