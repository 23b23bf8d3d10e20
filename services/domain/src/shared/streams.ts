/**
 * Stream ids are `<category>:<id>`. One stream per aggregate:
 * a chemical, a perfume, an account, a contribution, a scan; usage events go to one stream per
 * client session (`usage:<session id>`), so writes never contend on a shared daily stream and
 * per-session order (what session duration and funnels need) is kept in one place.
 */
export const streamCategories = ['chemical', 'perfume', 'account', 'contribution', 'scan', 'usage'] as const;
export type StreamCategory = (typeof streamCategories)[number];

export const chemicalStreamId = (chemicalId: string): string => `chemical:${chemicalId}`;
export const perfumeStreamId = (perfumeId: string): string => `perfume:${perfumeId}`;
export const accountStreamId = (accountId: string): string => `account:${accountId}`;
export const contributionStreamId = (contributionId: string): string => `contribution:${contributionId}`;
export const scanStreamId = (scanId: string): string => `scan:${scanId}`;
export const usageStreamId = (sessionId: string): string => `usage:${sessionId}`;

/** Splits `chemical:chem-78-70-6` into its category and id; null for anything else. */
export function parseStreamId(streamId: string): { category: StreamCategory; id: string } | null {
  const colon = streamId.indexOf(':');
  if (colon <= 0) return null;
  const category = streamId.slice(0, colon);
  const id = streamId.slice(colon + 1);
  if (id === '' || !(streamCategories as readonly string[]).includes(category)) return null;
  return { category: category as StreamCategory, id };
}
