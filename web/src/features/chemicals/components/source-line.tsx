import { useTranslation } from 'react-i18next';
import { type SourceStamp, sourceText } from '../lib/regulatory-view.ts';

/** A line naming a datum's source and date ("Source: EU CosIng, Annex II (export of 24 Dec 2025)"). */
export function SourceLine({ stamp }: { stamp: SourceStamp }) {
  const { t } = useTranslation();
  const text = sourceText(stamp);
  return text ? <p className="muted">{t('regulatory.source', { source: text })}</p> : null;
}
