import { describe, expect, it } from 'vitest';
import { EMPTY_VIEW, mainUrl, parseUrl } from './app-url.ts';

describe('app addresses', () => {
  it('writes nothing for the default view and reads / back to it', () => {
    expect(mainUrl(EMPTY_VIEW)).toBe('/');
    expect(parseUrl('/')).toEqual({ kind: 'main', view: EMPTY_VIEW });
    expect(parseUrl('/index.html')).toEqual({ kind: 'main', view: EMPTY_VIEW });
  });

  it('round-trips search, brand, category, filters, perfume and chemical', () => {
    const view = {
      q: 'rose & oud',
      brand: 'Maison Francis Kurkdjian',
      category: 'complete' as const,
      filters: {
        includeChemicals: ['12', '40'],
        excludeChemicals: ['7'],
        includeNotes: ['3'],
        excludeNotes: [],
        allergenFree: true,
      },
      includeUnspecific: true,
      perfume: '123',
      chemical: { id: '45', name: 'Linalool' },
      cas: '78-70-6',
    };
    const url = mainUrl(view);
    expect(url).toContain('q=rose+%26+oud');
    expect(parseUrl(url)).toEqual({ kind: 'main', view });
  });

  it('treats any other path as unknown', () => {
    expect(parseUrl('/perfumes/nope?q=x')).toEqual({ kind: 'not-found', path: '/perfumes/nope' });
  });

  it('drops malformed values instead of failing', () => {
    const route = parseUrl('/?category=everything&with=,1,,1,2&unspecific=yes&chemical=');
    expect(route.kind).toBe('main');
    if (route.kind !== 'main') return;
    expect(route.view.category).toBe('');
    expect(route.view.filters.includeChemicals).toEqual(['1', '2']);
    expect(route.view.includeUnspecific).toBe(false);
    expect(route.view.chemical).toBeNull();
  });
});
