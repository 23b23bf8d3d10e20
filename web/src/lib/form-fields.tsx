import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled text input of a dialog form (the label wraps the input, so it names it). */
export function TextField({ label, value, onChange, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input {...input} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** The API's `detail` of a failed call when it has one, otherwise `fallback`; nothing without an error. */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p className="form__error" role="alert">
      {error instanceof ApiError && error.detail ? error.detail : fallback}
    </p>
  );
}

/** A dialog's last row once its work is done: one Close button at the end. */
export function CloseActions({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form__actions">
      <span />
      <button type="button" className="button button--primary" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

type CancelSubmitActionsProps = {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  testId: string;
};

/** A form's last row: Cancel, and the submit button (disabled and saying so while it works). */
export function CancelSubmitActions({
  onCancel,
  submitLabel,
  pending,
  disabled,
  testId,
}: CancelSubmitActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button
        type="submit"
        className="button button--primary"
        disabled={disabled || pending}
        data-testid={testId}
      >
        {pending ? t('common.loading') : submitLabel}
      </button>
    </div>
  );
}
