import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';

type ScannerDialogProps = { onClose: () => void };

/**
 * Fragrance Scanner dialog (spec §2). Loaded lazily from the main page; the camera, upload and
 * analysis flow is built by the scanner feature's owner behind this same default export.
 */
export default function ScannerDialog({ onClose }: ScannerDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('scanner.title')} onClose={onClose} testId="scanner-dialog">
      <p>{t('scanner.intro')}</p>
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
