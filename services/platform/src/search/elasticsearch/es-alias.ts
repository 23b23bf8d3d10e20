/**
 * Activation of a projection version in Elasticsearch: the read alias (e.g. `scentinel-catalogue`)
 * is moved to the version's index (`scentinel-catalogue-v<N>`) by one `POST /_aliases` call that
 * removes it from the indices it named and adds it to the new one, so every search sees either
 * the old version or the new one, never both or neither. Each removal says `must_exist`, so the
 * call fails whole (and is retried after reading the alias again) when another process moved the
 * alias meanwhile. An alias never moves back to a lower version than the one it names.
 */
import { esCall, statusOf } from './es-errors.ts';

export interface AliasClient {
  indices: {
    getAlias(
      params: { name: string },
      options?: { requestTimeout?: number; maxRetries?: number },
    ): Promise<Record<string, { aliases: Record<string, unknown> }>>;
    updateAliases(params: {
      actions: (
        | { add: { index: string; alias: string } }
        | { remove: { index: string; alias: string; must_exist?: boolean } }
      )[];
    }): Promise<{ acknowledged: boolean }>;
  };
}

export interface AliasSwap {
  /** Whether this call moved the alias. */
  swapped: boolean;
  /** The indices the alias named before. */
  previous: string[];
  /** Why the alias was left as it was. */
  reason?: 'already-active' | 'newer-version-active';
}

/** The index of projection `version` behind `alias`. */
export function versionedIndexName(alias: string, version: number): string {
  return `${alias}-v${version}`;
}

/** The projection version of a versioned index of `alias`, or null for another index. */
export function versionOfIndex(alias: string, index: string): number | null {
  const prefix = `${alias}-v`;
  if (!index.startsWith(prefix)) return null;
  const rest = index.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : null;
}

/** The indices `alias` names now (none when it does not exist). */
export async function aliasTargets(
  client: AliasClient,
  alias: string,
  options?: { requestTimeout?: number; maxRetries?: number },
): Promise<string[]> {
  try {
    return Object.keys(
      await esCall('reading the alias', () => client.indices.getAlias({ name: alias }, options)),
    );
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
}

/** Points `alias` at the index of `version`, atomically (see the module comment). */
export async function activateVersion(
  client: AliasClient,
  alias: string,
  version: number,
): Promise<AliasSwap> {
  const target = versionedIndexName(alias, version);
  for (let attempt = 0; ; attempt++) {
    const previous = await aliasTargets(client, alias);
    if (previous.length === 1 && previous[0] === target)
      return { swapped: false, previous, reason: 'already-active' };
    if (previous.some((index) => (versionOfIndex(alias, index) ?? 0) > version))
      return { swapped: false, previous, reason: 'newer-version-active' };
    try {
      await esCall('moving the alias', () =>
        client.indices.updateAliases({
          actions: [
            ...previous
              .filter((index) => index !== target)
              .map((index) => ({ remove: { index, alias, must_exist: true } })),
            { add: { index: target, alias } },
          ],
        }),
      );
      return { swapped: true, previous };
    } catch (error) {
      // Another process moved the alias between the read and the swap: read it again.
      if (aliasMissing(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** A removal that found no such alias (404, or the exception's type whatever the status says). */
function aliasMissing(error: unknown): boolean {
  const type = (error as { body?: { error?: { type?: string } } } | null)?.body?.error?.type;
  return type === 'aliases_not_found_exception' || statusOf(error) === 404;
}
