import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { Modal } from '../../../lib/modal.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { useLogin } from '../api/auth.ts';

type SignInDialogProps = {
  onClose: () => void;
  onSignedIn: (session: StoredSession) => void;
  onSwitchToRegister: () => void;
};

export default function SignInDialog({ onClose, onSignedIn, onSwitchToRegister }: SignInDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ email, password }, { onSuccess: onSignedIn });
  };

  const error = mutation.error;
  return (
    <Modal title={t('auth.signInTitle')} onClose={onClose} size="small" testId="sign-in-dialog">
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('auth.email')}</span>
          <input
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('auth.password')}</span>
          <input
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error ? (
          <p className="form__error" role="alert">
            {error instanceof ApiError && error.detail ? error.detail : t('auth.loginFailed')}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="button" className="link-button" onClick={onSwitchToRegister}>
            {t('auth.noAccount')}
          </button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('common.loading') : t('auth.signIn')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
