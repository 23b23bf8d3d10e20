import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '../../../types/api.ts';
import { DEFAULT_LIST_PARAMS, fetchPerfumePage, hasNextPage, PAGE_SIZE } from './get-perfumes.ts';

function stubFetch(body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchPerfumePage', () => {
  it('loads the default list from /perfumes/enhanced with limit and skip only', async () => {
    const calls = stubFetch({ perfumes: [], total: 0, has_more: false });
    await fetchPerfumePage(DEFAULT_LIST_PARAMS, 0);
    expect(calls[0]?.url).toBe('/api/perfumes/enhanced?limit=50&skip=0');
  });

  it('passes search, brand, category and the include-unspecific toggle', async () => {
    const calls = stubFetch([]);
    await fetchPerfumePage(
      {
        ...DEFAULT_LIST_PARAMS,
        search: 'rose',
        brand: 'Dior',
        category: 'unspecific',
        includeUnspecific: true,
      },
      100,
    );
    expect(calls[0]?.url).toBe(
      '/api/perfumes/enhanced?limit=50&skip=100&category=unspecific&search=rose&brand=Dior&include_unspecific=true',
    );
  });

  it('asks /perfumes/hypoallergenic with low tolerance for the hypoallergenic category', async () => {
    const calls = stubFetch({ perfumes: [] });
    await fetchPerfumePage({ ...DEFAULT_LIST_PARAMS, category: 'hypoallergenic' }, 0);
    expect(calls[0]?.url).toBe(
      '/api/perfumes/hypoallergenic?limit=50&skip=0&allergen_tolerance=low&include_unspecific=true',
    );
  });

  it('posts active filters to /perfumes/filter', async () => {
    const calls = stubFetch([]);
    await fetchPerfumePage(
      {
        ...DEFAULT_LIST_PARAMS,
        brand: 'Chanel',
        filters: { ...EMPTY_FILTERS, includeChemicals: [1], excludeNotes: [9], allergenFree: true },
      },
      50,
    );
    expect(calls[0]?.url).toBe('/api/perfumes/filter?limit=50&skip=50');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      include_chemicals: [1],
      exclude_chemicals: [],
      include_notes: [],
      exclude_notes: [9],
      brands: ['Chanel'],
      allergen_free: true,
      category: null,
    });
  });
});

describe('hasNextPage', () => {
  const page = (n: number, hasMore: boolean | null) => ({
    perfumes: Array.from({ length: n }, () => ({}) as never),
    total: null,
    hasMore,
    cleanBrands: null,
  });
  it("follows the server's has_more when present", () => {
    expect(hasNextPage(page(PAGE_SIZE, false))).toBe(false);
    expect(hasNextPage(page(3, true))).toBe(true);
  });
  it('otherwise expects more while a page is full', () => {
    expect(hasNextPage(page(PAGE_SIZE, null))).toBe(true);
    expect(hasNextPage(page(PAGE_SIZE - 1, null))).toBe(false);
  });
});
