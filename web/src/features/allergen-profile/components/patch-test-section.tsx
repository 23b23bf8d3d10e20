import { useTranslation } from 'react-i18next';
import {
  PATCH_TEST_ENTRIES,
  PATCH_TEST_PREFIX,
  suggestedCrossReactions,
} from '../../../../../services/domain/src/allergens/patch-test.ts';
import type { AllergenProfileItem } from '../../../types/api.ts';

const MARKERS = PATCH_TEST_ENTRIES.filter((e) => e.kind !== 'single' || e.id === 'hicc');
const SINGLES = PATCH_TEST_ENTRIES.filter((e) => e.kind === 'single' && e.id !== 'hicc');

const itemOf = (entry: { id: string; name: string }): AllergenProfileItem => ({
  id: `${PATCH_TEST_PREFIX}${entry.id}`,
  name: entry.name,
});

/**
 * Patch-test results as the clinic writes them: the fragrance markers (each standing for the
 * constituents of its published composition) and single allergens; then, for what is chosen, the
 * known cross-reactions to add if the person wants.
 */
export function PatchTestSection({
  selected,
  onToggle,
}: {
  selected: AllergenProfileItem[];
  onToggle: (item: AllergenProfileItem) => void;
}) {
  const { t } = useTranslation();
  const chosen = new Set(selected.map((item) => String(item.id)));
  const suggestions = suggestedCrossReactions([...chosen]);
  const entryButton = (entry: (typeof PATCH_TEST_ENTRIES)[number]) => {
    const item = itemOf(entry);
    const on = chosen.has(String(item.id));
    return (
      <li key={entry.id}>
        <button
          type="button"
          className={`chip ${on ? 'chip--exclude' : ''}`}
          aria-pressed={on}
          title={entry.constituents.map((k) => k.name).join(', ')}
          onClick={() => onToggle(item)}
          data-testid={`patch-${entry.id}`}
        >
          {entry.name}
        </button>
      </li>
    );
  };
  return (
    <section aria-labelledby="patch-test-title" className="patch-test" data-testid="patch-test">
      <h3 id="patch-test-title" className="chip-group__title">
        {t('patchTest.title')}
      </h3>
      <p className="muted">{t('patchTest.intro')}</p>
      <ul className="chip-list">{MARKERS.map(entryButton)}</ul>
      <details>
        <summary>{t('patchTest.singles')}</summary>
        <ul className="chip-list">{SINGLES.map(entryButton)}</ul>
      </details>
      {MARKERS.filter((e) => chosen.has(`${PATCH_TEST_PREFIX}${e.id}`)).map((e) => (
        <p key={e.id} className="muted patch-test__expands" data-testid={`patch-expands-${e.id}`}>
          {t('patchTest.expands', {
            name: e.name,
            list: e.constituents.map((k) => k.name).join(', '),
            source: `${e.source.name}, ${e.source.date}`,
          })}
        </p>
      ))}
      {suggestions.length > 0 ? (
        <div className="notice" data-testid="cross-reactions">
          <ul className="plain-list">
            {suggestions.map((s) => (
              <li key={s.entry.id}>
                {t('patchTest.crossReaction', { because: s.because.name, name: s.entry.name })}{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onToggle(itemOf(s.entry))}
                  data-testid={`cross-add-${s.entry.id}`}
                >
                  {t('patchTest.addCross', { name: s.entry.name })}
                </button>
                <br />
                <small className="muted">
                  {t('patchTest.source', { source: `${s.source.name}, ${s.source.date}` })}
                </small>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
