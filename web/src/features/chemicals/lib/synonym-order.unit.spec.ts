import { describe, expect, it } from 'vitest';
import { readableNamesFirst } from './synonym-order.ts';

describe('readableNamesFirst', () => {
  it('lists the names people know before systematic and CAS index names, keeping each kind in order', () => {
    expect(
      readableNamesFirst([
        '1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-hexamethylcyclopenta-gamma-2-benzopyran',
        'Abbalide',
        'Bicyclo[2.2.1]heptan-2-one, 1,7,7-trimethyl-',
        'Galaxolide',
        'l-.beta.-Pinene',
        "2,2',4,4'-Tetrahydroxybenzophenone",
        '2-Methylundecanal',
        'Hexamethylindanopyran',
        'Cyclopenta[g]-2-benzopyran, 1,3,4,6,7,8-hexahydro-',
      ]),
    ).toEqual([
      'Abbalide',
      'Galaxolide',
      '2-Methylundecanal',
      'Hexamethylindanopyran',
      '1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-hexamethylcyclopenta-gamma-2-benzopyran',
      'Bicyclo[2.2.1]heptan-2-one, 1,7,7-trimethyl-',
      'l-.beta.-Pinene',
      "2,2',4,4'-Tetrahydroxybenzophenone",
      'Cyclopenta[g]-2-benzopyran, 1,3,4,6,7,8-hexahydro-',
    ]);
    expect(readableNamesFirst([])).toEqual([]);
  });
});
