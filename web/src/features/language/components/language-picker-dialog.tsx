import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../../lib/languages.ts';
import { Modal } from '../../../lib/modal.tsx';
import { removeStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { trackPageView } from '../../../lib/usage-tracker.ts';

type LanguagePickerDialogProps = {
  onClose: () => void;
  /** Reloads the page; replaceable in tests. */
  reload?: () => void;
};

/**
 * Selecting clears the stored language, switches, stores the new code, closes the dialog
 * and reloads the page after 100 ms.
 */
export default function LanguagePickerDialog({
  onClose,
  reload = () => window.location.reload(),
}: LanguagePickerDialogProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';

  const choose = async (code: string) => {
    removeStorage(STORAGE_KEYS.language);
    await i18n.changeLanguage(code);
    writeStorage(STORAGE_KEYS.language, code);
    void trackPageView(`/language/${code}`);
    onClose();
    setTimeout(reload, 100);
  };

  return (
    <Modal title={t('language.title')} onClose={onClose} size="small" testId="language-dialog">
      <ul className="language-list">
        {SUPPORTED_LANGUAGES.map((code) => (
          <li key={code}>
            <button
              type="button"
              lang={code}
              className={`language-option${code === current ? ' language-option--current' : ''}`}
              aria-pressed={code === current}
              data-testid={`language-option-${code}`}
              onClick={() => void choose(code)}
            >
              <span className="language-option__code" aria-hidden="true">
                {code.toUpperCase()}
              </span>
              <span>{LANGUAGE_NAMES[code]}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
