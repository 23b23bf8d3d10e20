import { describe, expect, it } from 'vitest';
import { clearCompared, MAX_COMPARED, toggleCompared } from './compare-store.ts';

describe('compare selection', () => {
  it('holds at most three perfumes, toggled on and off', () => {
    clearCompared();
    for (let i = 0; i < MAX_COMPARED; i++) expect(toggleCompared({ id: `p${i}`, name: `P${i}` })).toBe(true);
    expect(toggleCompared({ id: 'p9', name: 'P9' })).toBe(false);
    expect(toggleCompared({ id: 'p0', name: 'P0' })).toBe(true);
    expect(toggleCompared({ id: 'p9', name: 'P9' })).toBe(true);
    clearCompared();
  });
});
