import { describe, expect, it } from 'vitest';
import { decodeProfile, encodeProfile, SHARE_PARAM, shareUrl } from './share-link.ts';

describe('shared allergen profile links', () => {
  const items = [
    { id: 'patch:fm1', name: 'Fragrance mix I' },
    { id: 'chem-78-70-6', name: 'Linalool' },
    { id: 'chem-x', name: 'A | B ~ C' },
  ];

  it('round-trips a profile through the address', () => {
    const url = new URL(shareUrl(items, 'https://example.test'));
    expect(url.pathname).toBe('/');
    const back = decodeProfile(url.searchParams.get(SHARE_PARAM)!);
    expect(back).toEqual([items[0], items[1], { id: 'chem-x', name: 'A / B ~ C' }]);
  });

  it('drops malformed and duplicate entries', () => {
    expect(decodeProfile('~x|chem-1~One|chem-1~Again|nothing|chem-2~')).toEqual([
      { id: 'chem-1', name: 'One' },
    ]);
    expect(decodeProfile('')).toEqual([]);
    expect(encodeProfile([])).toBe('');
  });
});
