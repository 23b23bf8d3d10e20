import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `full` fills the viewport (its styles come with the component that uses it). */
  size?: 'small' | 'medium' | 'large' | 'full';
  testId?: string;
  /** Optional description shown under the title and used as the dialog's accessible description. */
  description?: ReactNode;
};

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert,
 * Tab wraps around inside it, Escape closes it, and focus goes back to where it was on close.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  testId,
  description,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Keep Tab inside the dialog: wrap from the last focusable element to the first and back.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) =>
          !element.hasAttribute('disabled') && element.tabIndex >= 0 && element.getClientRects().length > 0,
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {description ? (
        <p id={descriptionId} className="modal__description">
          {description}
        </p>
      ) : null}
      {/* Focusable so a keyboard can scroll a long body that has nothing else to focus. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div className="modal__body" tabIndex={0}>
        {children}
      </div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
