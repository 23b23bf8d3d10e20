import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, TextField } from '../../../lib/form-fields.tsx';
import { Modal } from '../../../lib/modal.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { REGISTER_ROLES, type RegisterRole, useRegister } from '../api/auth.ts';

type RegisterDialogProps = {
  onClose: () => void;
  onSignedIn: (session: StoredSession) => void;
  onSwitchToSignIn: () => void;
};

export default function RegisterDialog({ onClose, onSignedIn, onSwitchToSignIn }: RegisterDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<RegisterRole>('regular_user');
  const [pending, setPending] = useState(false);
  const mutation = useRegister();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { email, username, password, role },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'signed-in') onSignedIn(outcome.session);
          else setPending(true);
        },
      },
    );
  };

  if (pending) {
    return (
      <Modal title={t('auth.registerTitle')} onClose={onClose} size="small" testId="register-dialog">
        <p className="notice notice--success" role="status">
          {t('auth.pendingApproval')}
        </p>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t('auth.registerTitle')} onClose={onClose} size="small" testId="register-dialog">
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
          label={t('auth.username')}
          required
          autoComplete="username"
          value={username}
          onChange={setUsername}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <label className="field">
          <span className="field__label">{t('auth.role')}</span>
          <select value={role} onChange={(event) => setRole(event.target.value as RegisterRole)}>
            {REGISTER_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <FormError error={mutation.error} fallback={t('auth.registrationFailed')} />
        <div className="form__actions">
          <button type="button" className="link-button" onClick={onSwitchToSignIn}>
            {t('auth.haveAccount')}
          </button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('common.loading') : t('auth.createAccount')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
