import { describe, expect, it } from 'vitest';
import type { Chemical } from '../../../types/api.ts';
import {
  formerListingWording,
  type HistoryRow,
  iarcGroup,
  ifraKinds,
  ifraLimit,
  ifraLimits,
  regionKinds,
  regulatoryData,
  regulatoryKinds,
  type SafeHarborLevel,
  safeHarborGroups,
  sccsCategory,
  sourceText,
} from './regulatory-view.ts';

const base: Chemical = { id: 'chem-x', name: 'X' };

describe('regulatoryKinds', () => {
  it('never calls a Prop 65 chemical "not listed" (nor permitted)', () => {
    const kinds = regulatoryKinds({
      ...base,
      safety_information: { regional_summary: { prop65_listed: true } },
    });
    expect(kinds).toEqual(['prop65']);
  });

  it('follows the current Prop 65 status over a stale summary', () => {
    const delisted = {
      ...base,
      safety_information: {
        regional_summary: { prop65_listed: true },
        prop65: { status: 'delisted', date_delisted: '2002-01-25' },
      },
    } as Chemical;
    expect(regulatoryKinds(delisted)).toEqual(['not_listed']);
  });

  it('lists every status that applies, most serious first', () => {
    expect(regulatoryKinds({ ...base, prohibited: true, allergen_flag: true, restricted: true })).toEqual([
      'prohibited',
      'restricted',
      'allergen',
    ]);
  });
});

describe('regionKinds', () => {
  it('shows a region list only its own current statuses', () => {
    // An EU-prohibited chemical on the US list is shown as Prop 65 listed, not prohibited.
    const listed: HistoryRow[] = [{ region: 'US', status: 'prop65_listed', current: true }];
    expect(regionKinds({ ...base, prohibited: true, regional_regulations: listed })).toEqual(['prop65']);
    const former: HistoryRow[] = [{ region: 'US', status: 'prop65_listed', current: false }];
    expect(regionKinds({ ...base, regional_regulations: former })).toEqual(['not_listed']);
  });
});

describe('sourceText', () => {
  it('shows the source name with its date, never a file path', () => {
    expect(sourceText({ source_name: 'SCCS opinion SCCS/1459/11 (2012)', source_date: '2012-06-27' })).toBe(
      'SCCS opinion SCCS/1459/11 (2012)',
    );
    expect(sourceText({ source_name: 'IFRA Standards list', source_date: '2020-01' })).toBe(
      'IFRA Standards list, 2020-01',
    );
    expect(sourceText({ source_name: null, source_date: '2024-01-01' })).toBeNull();
  });
});

describe('IFRA and IARC views', () => {
  it('reads every kind of a combined IFRA standard type once, most binding first', () => {
    expect(ifraKinds('R-S')).toEqual(['restriction', 'specification']);
    expect(ifraKinds('R-P')).toEqual(['prohibition', 'restriction']);
    expect(ifraKinds('S-R-S')).toEqual(['restriction', 'specification']);
    expect(ifraKinds('P-R-S')).toEqual(['prohibition', 'restriction', 'specification']);
    expect(ifraKinds('p')).toEqual(['prohibition']);
    expect(ifraKinds('')).toEqual([]);
    expect(ifraKinds('X')).toEqual([]);
  });

  it("reads a category's limit as a maximum, no limit, prohibited or set in the notes", () => {
    expect(ifraLimit(0.011)).toEqual({ kind: 'max', percent: 0.011 });
    expect(ifraLimit(0)).toEqual({ kind: 'prohibited' });
    expect(ifraLimit('0.0 (Prohibited)')).toEqual({ kind: 'prohibited' });
    expect(ifraLimit('No Restriction')).toEqual({ kind: 'none' });
    expect(ifraLimit('No restriction')).toEqual({ kind: 'none' });
    expect(ifraLimit('See Notebox ')).toEqual({ kind: 'in_notes' });
    expect(ifraLimit('Only in natural extracts')).toEqual({ kind: 'text', text: 'Only in natural extracts' });
    expect(ifraLimit(undefined)).toBeNull();
    expect(ifraLimit('  ')).toBeNull();
  });

  it('orders limits as the standard prints its categories, leaving out those it does not give', () => {
    const rows = ifraLimits({
      limits: { category_12: 'No Restriction', category_10A: 2.2, category_4: 0.011, category_5A: 0.0015 },
    });
    expect(rows.map((r) => r.category)).toEqual(['4', '5A', '10A', '12']);
    expect(ifraLimits({ limits: {} })).toEqual([]);
  });

  it('normalises IARC groups and refuses what IARC does not use', () => {
    expect(iarcGroup('2a')).toBe('2A');
    expect(iarcGroup(' 1 ')).toBe('1');
    expect(iarcGroup('3')).toBe('3');
    expect(iarcGroup('4')).toBeNull();
    expect(iarcGroup(undefined)).toBeNull();
  });

  it("reads the SCCS opinion's category from its own wording, null for wording it does not use", () => {
    expect(sccsCategory('Established contact allergens in humans')).toBe('humans');
    expect(sccsCategory('Fragrance substances categorised as established contact allergens in animals')).toBe(
      'animals',
    );
    expect(
      sccsCategory('Fragrance substances categorised as likely contact allergens by combination of evidence'),
    ).toBe('likely');
    expect(sccsCategory('Fragrance substances categorised as possible contact allergens')).toBe('possible');
    expect(sccsCategory('Not assessed')).toBeNull();
    expect(sccsCategory(null)).toBeNull();
  });

  it('hands the IFRA standard and the IARC entry to the view, null when absent', () => {
    const ifra = { standard_type: 'R', standard_name: 'Methyl eugenol', limits: { category_4: 0.011 } };
    const iarc = { group: '2A', agent: 'Methyleugenol', volume: '101, 134' };
    const data = regulatoryData({
      ...base,
      safety_information: { ifra, iarc } as Chemical['safety_information'],
    });
    expect(data.ifra).toEqual(ifra);
    expect(data.iarc).toEqual(iarc);
    expect(regulatoryData(base).ifra).toBeNull();
    expect(regulatoryData(base).iarc).toBeNull();
  });
});

describe('safeHarborGroups', () => {
  const level = (kind: 'NSRL' | 'MADL', amount: number, toxicity_types: string[]): SafeHarborLevel => ({
    level: kind,
    amount,
    unit: 'µg/day',
    route: 'oral',
    subject: null,
    note: null,
    toxicity_types,
  });
  const levels = [
    level('NSRL', 6.4, ['cancer']),
    level('MADL', 24, ['developmental', 'male']),
    level('NSRL', 13, ['cancer']),
  ];

  it("groups a listing's levels by kind and toxicity, keeping the list's order", () => {
    const groups = safeHarborGroups({ status: 'listed', safe_harbor_levels: levels });
    expect(groups.map((g) => [g.level, g.toxicity_types.join(','), g.levels.map((l) => l.amount)])).toEqual([
      ['NSRL', 'cancer', [6.4, 13]],
      ['MADL', 'developmental,male', [24]],
    ]);
  });

  it('shows no level for a delisted chemical or one without levels', () => {
    expect(safeHarborGroups({ status: 'delisted', safe_harbor_levels: levels })).toEqual([]);
    expect(safeHarborGroups({ status: 'listed' })).toEqual([]);
    expect(safeHarborGroups(null)).toEqual([]);
  });

  it('leaves out levels that are not whole (an edited record) instead of failing', () => {
    const broken = [
      null,
      'x',
      { ...level('NSRL', 6.4, ['cancer']), amount: '6.4' },
      { ...level('NSRL', 6.4, ['cancer']), toxicity_types: undefined },
      level('MADL', 24, ['developmental']),
    ] as unknown as SafeHarborLevel[];
    expect(safeHarborGroups({ status: 'listed', safe_harbor_levels: broken }).map((g) => g.level)).toEqual([
      'MADL',
    ]);
    expect(
      safeHarborGroups({ status: 'listed', safe_harbor_levels: 'x' as unknown as SafeHarborLevel[] }),
    ).toEqual([]);
  });
});

describe('formerListingWording', () => {
  it('picks the wording of each kind of change, with and without its optional facts', () => {
    expect(
      formerListingWording({
        kind: 'prop65_endpoint_removed',
        toxicity: 'female',
        date_listed: '2009-08-07',
      }),
    ).toEqual({ key: 'prop65_endpoint_removed', toxicity: 'female', date: '2009-08-07' });
    expect(formerListingWording({ kind: 'prop65_delisted', toxicity: 'male', date_listed: null })).toEqual({
      key: 'prop65_delisted_undated',
      toxicity: 'male',
    });
    expect(
      formerListingWording({
        kind: 'eu_labelling_ended',
        annex_ii_entry: '1666',
        regulation: '(EU) 2021/1902',
      }),
    ).toEqual({ key: 'eu_labelling_ended_by', entry: '1666', regulation: '(EU) 2021/1902' });
    expect(
      formerListingWording({ kind: 'eu_labelling_ended', annex_ii_entry: '1666', regulation: null }),
    ).toEqual({
      key: 'eu_labelling_ended',
      entry: '1666',
    });
  });

  it('has no wording for an unknown or incomplete change (the row keeps its own words)', () => {
    expect(formerListingWording(undefined)).toBeNull();
    expect(formerListingWording('delisted')).toBeNull();
    expect(formerListingWording({ kind: 'moved_to_mars' })).toBeNull();
    expect(formerListingWording({ kind: 'prop65_delisted' })).toBeNull();
    expect(formerListingWording({ kind: 'eu_labelling_ended', annex_ii_entry: '' })).toBeNull();
  });
});
