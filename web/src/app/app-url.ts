import { type DataCategory, EMPTY_FILTERS, type Id, type PerfumeFilters } from '../types/api.ts';

/**
 * The product's addresses. Everything happens on `/`; what is searched, filtered and opened is in the
 * query string, so a view can be bookmarked, shared and reached with Back:
 *
 *   /?q=rose&brand=Chanel&category=complete&with=12,40&without=7&notes=3&no_notes=9
 *     &allergen_free=1&unspecific=1&perfume=123&chemical=45&chemical_name=Linalool&cas=78-70-6
 *
 * Any other path is unknown and shows the not-found screen.
 */
export type ChemicalLink = { id: string; name: string };

export type MainView = {
  /** The search as submitted (perfume text, a status keyword such as "restricted", or empty). */
  q: string;
  brand: string;
  category: DataCategory;
  filters: PerfumeFilters;
  includeUnspecific: boolean;
  /** A perfume brought into view (its card is scrolled to and outlined). */
  perfume: string | null;
  /** The chemical whose detail dialog is open. */
  chemical: ChemicalLink | null;
  /** The CAS number whose lookup dialog is open. */
  cas: string | null;
};

export type AppRoute = { kind: 'main'; view: MainView } | { kind: 'not-found'; path: string };

export const EMPTY_VIEW: MainView = {
  q: '',
  brand: '',
  category: '',
  filters: EMPTY_FILTERS,
  includeUnspecific: false,
  perfume: null,
  chemical: null,
  cas: null,
};

const CATEGORIES: readonly DataCategory[] = ['complete', 'unspecific', 'hypoallergenic'];
const MAX_PARAM = 200;
const MAX_IDS = 100;

const HOME_PATHS = new Set(['/', '/index.html']);

function text(params: URLSearchParams, key: string): string {
  return (params.get(key) ?? '').trim().slice(0, MAX_PARAM);
}

function ids(params: URLSearchParams, key: string): Id[] {
  const seen = new Set<string>();
  for (const part of (params.get(key) ?? '').split(',')) {
    const id = part.trim();
    if (id && id.length <= 64 && seen.size < MAX_IDS) seen.add(id);
  }
  return [...seen];
}

/** Reads an address; malformed values are dropped, never an error. */
export function parseUrl(url: string): AppRoute {
  const parsed = new URL(url, 'http://app.local');
  if (!HOME_PATHS.has(parsed.pathname)) return { kind: 'not-found', path: parsed.pathname };
  const p = parsed.searchParams;
  const category = text(p, 'category') as DataCategory;
  const chemicalId = text(p, 'chemical');
  const cas = text(p, 'cas');
  const perfume = text(p, 'perfume');
  return {
    kind: 'main',
    view: {
      q: text(p, 'q'),
      brand: text(p, 'brand'),
      category: CATEGORIES.includes(category) ? category : '',
      filters: {
        includeChemicals: ids(p, 'with'),
        excludeChemicals: ids(p, 'without'),
        includeNotes: ids(p, 'notes'),
        excludeNotes: ids(p, 'no_notes'),
        allergenFree: p.get('allergen_free') === '1',
      },
      includeUnspecific: p.get('unspecific') === '1',
      perfume: perfume || null,
      chemical: chemicalId ? { id: chemicalId, name: text(p, 'chemical_name') || chemicalId } : null,
      cas: cas || null,
    },
  };
}

/** The address of a view: only what differs from the default is written. */
export function mainUrl(view: MainView): string {
  const p = new URLSearchParams();
  const list = (key: string, values: Id[]) => {
    if (values.length > 0) p.set(key, values.map(String).join(','));
  };
  if (view.q) p.set('q', view.q);
  if (view.brand) p.set('brand', view.brand);
  if (view.category) p.set('category', view.category);
  list('with', view.filters.includeChemicals);
  list('without', view.filters.excludeChemicals);
  list('notes', view.filters.includeNotes);
  list('no_notes', view.filters.excludeNotes);
  if (view.filters.allergenFree) p.set('allergen_free', '1');
  if (view.includeUnspecific) p.set('unspecific', '1');
  if (view.perfume) p.set('perfume', view.perfume);
  if (view.chemical) {
    p.set('chemical', view.chemical.id);
    if (view.chemical.name !== view.chemical.id) p.set('chemical_name', view.chemical.name);
  }
  if (view.cas) p.set('cas', view.cas);
  const query = p.toString();
  return query ? `/?${query}` : '/';
}
