import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const DEFAULT_TRUNCATE_AT = 150;

/** Cuts `text` at `limit` characters (on a word boundary when one is near) and adds an ellipsis. */
export function truncate(text: string, limit: number): { short: string; truncated: boolean } {
  if (text.length <= limit) return { short: text, truncated: false };
  const cut = text.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  const short = (lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd();
  return { short: `${short}…`, truncated: true };
}

type TruncatedTextProps = {
  text: string | null | undefined;
  limit?: number;
  className?: string;
  /** Called when the reader expands the text (not when collapsing it). */
  onExpand?: () => void;
  /** The text's language when it is not the page's (a law's or a list's own English wording). */
  lang?: string;
};

/** Long text collapsed at `limit` characters with a Read more / Show less toggle. */
export function TruncatedText({
  text,
  limit = DEFAULT_TRUNCATE_AT,
  className,
  onExpand,
  lang,
}: TruncatedTextProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const { short, truncated } = truncate(text, limit);
  return (
    <p className={className}>
      <span id={id} lang={lang}>
        {expanded || !truncated ? text : short}
      </span>
      {truncated ? (
        <>
          {' '}
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => {
              if (!expanded) onExpand?.();
              setExpanded(!expanded);
            }}
          >
            {expanded ? t('common.showLess') : t('common.readMore')}
          </button>
        </>
      ) : null}
    </p>
  );
}
