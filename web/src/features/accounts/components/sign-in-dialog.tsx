import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '../../../lib/form-fields.tsx';
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

  return (
    <Modal title={t('auth.signInTitle')} onClose={onClose} size="small" testId="sign-in-dialog">
      <form className="form" onSubmit={submit}>
        <TextField
          label={t('auth.email')}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <FormError error={mutation.error} fallback={t('auth.loginFailed')} />
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
