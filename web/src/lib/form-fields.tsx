import type { InputHTMLAttributes } from 'react';
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
