import type { Id } from '../types/api.ts';

/**
 * The chosen items of a multi-select as removable chips (chemical pickers of the assignment
 * dialogs). Renders nothing while nothing is chosen.
 */
export function SelectedChips({
  ids,
  nameOf,
  label,
  removeLabel,
  onRemove,
}: {
  ids: readonly Id[];
  nameOf: (id: Id) => string;
  /** Accessible name of the list. */
  label: string;
  /** Accessible name of one chip's remove button. */
  removeLabel: (name: string) => string;
  onRemove: (id: Id) => void;
}) {
  if (ids.length === 0) return null;
  return (
    <ul className="chip-list" aria-label={label}>
      {ids.map((id) => {
        const name = nameOf(id);
        return (
          <li key={String(id)}>
            <span className="chip chip--include">
              {name}
              <button
                type="button"
                className="chip__remove"
                aria-label={removeLabel(name)}
                onClick={() => onRemove(id)}
              >
                ×
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
