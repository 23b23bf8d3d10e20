import qrcode from 'qrcode-generator';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { constituentNames, profileChemicalIds } from '../../lib/allergen-profile-ids.ts';
import { Modal } from '../../lib/modal.tsx';
import type { AllergenProfileItem } from '../../types/api.ts';
import { shareUrl } from './share-link.ts';
import './share-profile.css';

/** The QR code of a link as one SVG path (no inline markup, nothing the page's policy refuses). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let path = '';
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) if (qr.isDark(r, c)) path += `M${c + 2} ${r + 2}h1v1h-1z`;
    return { size: n + 4, d: path };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width="200"
      height="200"
      role="img"
      aria-label={label}
      data-testid="share-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

/** A link and QR code that open the product with these allergens preset; printable on one page. */
export default function ShareProfileDialog({
  items,
  onClose,
}: {
  items: AllergenProfileItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const url = shareUrl(items);
  const [copied, setCopied] = useState(false);
  const chemicals = profileChemicalIds(items).length;
  return (
    <Modal
      title={t('share.title')}
      description={t('share.intro')}
      onClose={onClose}
      testId="share-profile-dialog"
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => {
              void navigator.clipboard?.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? t('share.copied') : t('share.copy')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.print()}
            data-testid="share-print"
          >
            {t('share.print')}
          </button>
        </>
      }
    >
      <div className="share-sheet" data-testid="share-sheet">
        <h2 className="share-sheet__print-title">{t('share.printTitle')}</h2>
        <p>{t('share.sheetIntro', { count: chemicals })}</p>
        <ul className="share-sheet__items">
          {items.map((item) => (
            <li key={String(item.id)}>
              {item.name}
              {constituentNames(item).length > 0 ? (
                <small className="share-sheet__constituents"> ({constituentNames(item).join(', ')})</small>
              ) : null}
            </li>
          ))}
        </ul>
        <QrCode text={url} label={t('share.qrLabel')} />
        <label className="field">
          <span className="field__label">{t('share.link')}</span>
          <input
            type="text"
            readOnly
            value={url}
            data-testid="share-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <p className="muted">{t('share.note')}</p>
      </div>
    </Modal>
  );
}
