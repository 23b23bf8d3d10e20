import { describe, expect, it } from 'vitest';
import { splitList, splitOutsideBrackets } from './common.ts';

describe('splitList', () => {
  it('keeps a comma inside brackets within its item', () => {
    expect(
      splitList("Amber (we're sure there is more, but it's kept secret), Rose, Oud [Laos, Hindi]"),
    ).toEqual(["Amber (we're sure there is more, but it's kept secret)", 'Rose', 'Oud [Laos, Hindi]']);
  });

  it('splits plainly when a bracket is never closed, and drops empty and NA items', () => {
    expect(splitOutsideBrackets('Oud (Hindi, Rose')).toEqual(['Oud (Hindi', ' Rose']);
    expect(splitList('Rose, , NA, Iris')).toEqual(['Rose', 'Iris']);
    expect(splitList('a;b', ';')).toEqual(['a', 'b']);
  });
});
