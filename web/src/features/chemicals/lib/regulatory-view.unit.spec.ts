import { describe, expect, it } from 'vitest';
import type { Chemical } from '../../../types/api.ts';
import { type HistoryRow, regionKinds, regulatoryKinds, sourceText } from './regulatory-view.ts';

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
