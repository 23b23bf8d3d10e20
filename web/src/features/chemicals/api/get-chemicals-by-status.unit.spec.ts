import { describe, expect, it } from 'vitest';
import { joinStatusPages, normalizeStatusPage } from './get-chemicals-by-status.ts';

describe('normalizeStatusPage', () => {
  it("reads a page's chemicals, the status's count and whether more pages follow", () => {
    const page = normalizeStatusPage(
      {
        chemicals: [{ id: 'c1', name: 'Lilial' }, { name: 'no id' }],
        summary: { results_found: 96 },
        has_more: true,
      },
      50,
    );
    expect(page.chemicals.map((c) => c.id)).toEqual(['c1']);
    expect(page).toMatchObject({ resultsFound: 96, hasMore: true });
  });

  it('counts from the page and says no more follow when the answer gives neither', () => {
    expect(normalizeStatusPage({ chemicals: [{ id: 1, name: 'A' }] }, 100)).toMatchObject({
      resultsFound: 101,
      hasMore: false,
    });
    expect(normalizeStatusPage(null, 0)).toEqual({ chemicals: [], resultsFound: 0, hasMore: false });
  });
});

describe('joinStatusPages', () => {
  it('lists every loaded page in order, with the first page’s count', () => {
    const joined = joinStatusPages({
      pages: [
        { chemicals: [{ id: 1, name: 'A' }], resultsFound: 3, hasMore: true },
        { chemicals: [{ id: 2, name: 'B' }], resultsFound: 3, hasMore: true },
      ],
      pageParams: [0, 50],
    });
    expect(joined).toEqual({
      chemicals: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      resultsFound: 3,
    });
    expect(joinStatusPages({ pages: [], pageParams: [] })).toEqual({ chemicals: [], resultsFound: 0 });
  });
});
