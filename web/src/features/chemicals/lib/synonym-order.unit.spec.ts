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
      'Hexamethylindanopyran',
      '2-Methylundecanal',
      '1,3,4,6,7,8-Hexahydro-4,6,6,7,8,8-hexamethylcyclopenta-gamma-2-benzopyran',
      'Bicyclo[2.2.1]heptan-2-one, 1,7,7-trimethyl-',
      'l-.beta.-Pinene',
      "2,2',4,4'-Tetrahydroxybenzophenone",
      'Cyclopenta[g]-2-benzopyran, 1,3,4,6,7,8-hexahydro-',
    ]);
    expect(readableNamesFirst([])).toEqual([]);
  });

  it('lists plain names before names with a locant or a position prefix', () => {
    expect(
      readableNamesFirst([
        '2-(4-tert-Butylbenzyl)propionaldehyde',
        'alpha-Methyl-ß-(p-t-butylphenyl)propionaldehyde',
        'Butylphenyl Methylpropional (Lilial)',
        'Lilial',
        'p-t-Bucinal',
        'd-Limonene',
      ]),
    ).toEqual([
      'Butylphenyl Methylpropional (Lilial)',
      'Lilial',
      'd-Limonene',
      '2-(4-tert-Butylbenzyl)propionaldehyde',
      'alpha-Methyl-ß-(p-t-butylphenyl)propionaldehyde',
      'p-t-Bucinal',
    ]);
  });
});
