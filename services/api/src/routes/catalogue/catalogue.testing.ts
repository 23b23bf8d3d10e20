/** For route tests: the real app (`app.ts`) with an in-process catalogue index loaded from fixtures. */
import { loadConfig } from '@scentinel/platform/config';
import {
  type CataloguePerfume,
  type Chemical,
  catalogueFixtures,
  InProcessSearchIndex,
  type PerfumeDocument,
} from '@scentinel/platform/search';
import Fastify, { type FastifyInstance } from 'fastify';
import { app } from '../../app.ts';
import { API_SERVER_OPTIONS } from '../../http/errors.ts';

const { catalogued, fixtureChemicals, fixtureNotes, fixtureRegions, inferLinks, makePerfume } =
  catalogueFixtures;

/** A small hand-written catalogue: every route's answer can be checked by eye. */
export function smallCatalogue(): PerfumeDocument[] {
  const p = (over: Partial<CataloguePerfume> & { id: string; name: string; brand: string }) => {
    const perfume = makePerfume(over);
    return catalogued({ ...perfume, chemicals: over.chemicals ?? inferLinks(perfume.notes) });
  };
  const notes = (top: string[], middle: string[] = [], base: string[] = []) => ({
    top,
    middle,
    base,
    unspecified: [],
  });
  return [
    p({
      id: 'p1',
      name: 'Rose Absolue',
      brand: 'Maison Rose',
      notes: notes(['Bergamot'], ['Rose']),
      year_released: 2001,
    }),
    p({
      id: 'p2',
      name: 'Vanilla Sky',
      brand: 'Maison Rose',
      notes: notes([], [], ['Vanilla', 'Cedar']),
      gender: 'unisex',
    }),
    p({ id: 'p3', name: 'Eau de Rose', brand: 'Hermès', notes: notes(['Lemon'], ['Rose']) }),
    p({ id: 'p4', name: 'Woody Mystery', brand: 'Hermès', notes: notes(['Woody Notes']) }),
    p({ id: 'p5', name: 'Oud Royal', brand: 'Lancôme', notes: notes([], [], ['Oud']) }),
    p({ id: 'p6', name: 'Ambre Nuit', brand: 'Lancôme', notes: notes([], [], ['Ambergris', 'Musk']) }),
    p({
      id: 'p7',
      name: 'Rosé',
      brand: 'Dior',
      notes: notes([], ['Tonka Bean']),
      description: 'Soft tonka.',
    }),
  ];
}

export function loadIndex(
  docs: PerfumeDocument[],
  chemicals: Chemical[] = fixtureChemicals(),
): InProcessSearchIndex {
  const index = new InProcessSearchIndex({ regions: fixtureRegions, notes: fixtureNotes });
  for (const c of chemicals) index.upsertChemical(c);
  for (const d of docs) index.upsertPerfume(d);
  return index;
}

export async function buildCatalogueApp(
  index: InProcessSearchIndex = loadIndex(smallCatalogue()),
): Promise<FastifyInstance> {
  const server = Fastify({ ...API_SERVER_OPTIONS, logger: false });
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '.tmp/no-web-dist' }, process.cwd());
  await server.register(app, {
    deps: {
      config,
      health: async () => ({ eventLogPosition: 0, projections: [] }),
      catalogue: index,
    },
  });
  await server.ready();
  return server;
}
