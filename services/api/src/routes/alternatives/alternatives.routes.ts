/**
 * `GET /perfumes/{id}/alternatives`: perfumes that smell like this one (shared accords and notes,
 * weighted by position, gender taken into account) with complete chemical data and none of the
 * excluded chemicals; each says what it shares with the original and which of its allergens it avoids.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlternativesFinder, type SearchIndex, UnknownChemicalError } from '@scentinel/platform/search';
import { Type } from 'typebox';
import { Problem } from '../../auth/schemas.ts';
import { HttpError } from '../../http/errors.ts';
import { rememberingValidatorCompiler } from '../../http/validator.ts';
import { Nullable, PerfumeCardSchema } from '../catalogue/catalogue.schemas.ts';
import { compareRoutes } from './compare.routes.ts';

export interface AlternativesRouteDeps {
  catalogue: SearchIndex;
}

export const DEFAULT_ALTERNATIVES = 10;
export const MAX_ALTERNATIVES = 50;
/** Excluded references per request (a patch-test profile expands to a few dozen at most). */
export const MAX_EXCLUDED = 100;

const Ref = Type.String({ minLength: 1, maxLength: 200 });
const Params = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 300, description: 'Perfume id' }) },
  { additionalProperties: false },
);
const Query = Type.Object(
  {
    exclude_chemicals: Type.Optional(
      Type.Union([Type.Array(Ref, { maxItems: MAX_EXCLUDED }), Ref], {
        description:
          'Chemicals the alternatives must not contain: chemical id, name or CAS number. Repeat the parameter or separate references by commas. A label name covers all its isomers, and a name an allergen entry prescribes for labels (`Rose Ketones`, `Citral`) every substance of the entry; likely and possible allergens count as contained.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_ALTERNATIVES, default: DEFAULT_ALTERNATIVES }),
    ),
  },
  { additionalProperties: false },
);

const Positions = Type.Object({
  top: Type.Array(Type.String()),
  middle: Type.Array(Type.String()),
  base: Type.Array(Type.String()),
  unspecified: Type.Array(Type.String()),
});

const Answer = Type.Object({
  perfume: PerfumeCardSchema,
  excluded: Type.Array(
    Type.Object({
      ref: Type.String(),
      name: Type.String(),
      chemical_ids: Type.Array(Type.String()),
      in_original: Nullable(
        Type.Union([Type.Literal('declared'), Type.Literal('likely'), Type.Literal('possible')]),
      ),
    }),
  ),
  candidates: Type.Integer({ description: 'Complete-data perfumes sharing an accord or note with it' }),
  items: Type.Array(
    Type.Object({
      perfume: PerfumeCardSchema,
      similarity: Type.Number({ minimum: 0, maximum: 1 }),
      shares: Type.Object({ accords: Type.Array(Type.String()), notes: Positions }),
      avoids: Type.Array(Type.String(), {
        description:
          'Excluded chemicals the original contains (declared, likely or possible) and this one does not',
      }),
    }),
  ),
});

/** References from the query: repeated parameters, each possibly a comma-separated list. */
export function excludedRefs(
  value: string | string[] | undefined,
  isKnown: (ref: string) => boolean,
): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const raw of list) {
    const whole = raw.trim();
    if (whole === '') continue;
    // A name with commas in it ("2,4-...") is kept whole when it names a chemical.
    if (!whole.includes(',') || isKnown(whole)) out.push(whole);
    else
      out.push(
        ...whole
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r !== ''),
      );
  }
  return [...new Set(out)];
}

const finders = new WeakMap<SearchIndex, AlternativesFinder>();

/** How long after the server listens the vectors start building in the background. */
const WARM_AFTER_LISTEN_MS = 1_000;

/** The finder for an index that can list its documents (the in-process one); null otherwise. */
function finderFor(index: SearchIndex): AlternativesFinder | null {
  const source = index as SearchIndex & { documents?: unknown };
  if (typeof source.documents !== 'function') return null;
  let finder = finders.get(index);
  if (!finder) {
    finder = new AlternativesFinder(source as ConstructorParameters<typeof AlternativesFinder>[0]);
    finders.set(index, finder);
  }
  return finder;
}

export const alternativesRoutes: FastifyPluginAsyncTypebox<{ deps: AlternativesRouteDeps }> = async (
  app,
  { deps },
) => {
  app.setValidatorCompiler(rememberingValidatorCompiler);
  await app.register(compareRoutes, { deps });
  const finder = finderFor(deps.catalogue);
  if (!finder) {
    app.log.warn('the catalogue index cannot list its documents: alternatives are not served');
    return;
  }

  app.get(
    '/perfumes/:id/alternatives',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Safe alternatives to a perfume',
        description:
          'Perfumes that smell most alike (shared accords and notes, base notes weighing most, rare ones more than common ones; masculine and feminine ranked lower against each other) with complete chemical data and none of the excluded chemicals, best first. Each says what it shares with the original and which excluded chemicals of the original it avoids.',
        params: Params,
        querystring: Query,
        response: { 200: Answer, 400: Problem, 404: Problem, 422: Problem },
      },
    },
    async (request) => {
      const { id } = request.params;
      const refs = excludedRefs(
        request.query.exclude_chemicals,
        (ref) => deps.catalogue.chemicals.resolve(ref).length > 0,
      );
      if (refs.length > MAX_EXCLUDED) {
        throw new HttpError(400, `At most ${MAX_EXCLUDED} excluded chemicals`, 'too_many_exclusions');
      }
      try {
        const answer = await finder.find(id, refs, request.query.limit ?? DEFAULT_ALTERNATIVES);
        if (!answer) throw new HttpError(404, `No perfume with id '${id}'`, 'perfume_not_found');
        return answer;
      } catch (err) {
        if (err instanceof UnknownChemicalError) {
          throw new HttpError(
            422,
            `${err.message}: use a chemical id, name or CAS number`,
            'unknown_chemical',
          );
        }
        throw err;
      }
    },
  );

  // Build the vectors in the background from the start rather than during the first request, a
  // second after the server listens: a starting replica answers its first searches before (the
  // build's slices and their garbage would otherwise run beside them). Without a listening server
  // (tests calling `inject`), the first alternatives request builds them.
  app.addHook('onListen', async () => {
    setTimeout(() => {
      const started = performance.now();
      finder.warmInBackground().then(
        () =>
          app.log.info(
            { perfumes: finder.size, ms: Math.round(performance.now() - started) },
            'alternatives: vectors built',
          ),
        (err: unknown) => app.log.error({ err }, 'alternatives: building the vectors failed'),
      );
    }, WARM_AFTER_LISTEN_MS).unref();
  });
};
