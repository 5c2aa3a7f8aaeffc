import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Alert } from '../../../components/Alert';
import { TextField, useFields } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { useRegister } from '../api/auth';
import { AuthCard } from './AuthCard';

const EMPTY = { name: '', email: '', password: '' };

const FIELDS = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
] as const;

/**
 * Register. Signed out, it registers oneself and goes on to the login screen. Signed in, it adds a
 * further administrator (the only way the default REGISTRATION=first-admin allows after the first)
 * and stays, ready for another. A fresh production deployment logs a setup link
 * (`?setup=<token>`); the token goes along with the first registration.
 */
export function RegisterScreen({ addingAdmin = false }: { addingAdmin?: boolean }) {
  const navigate = useNavigate();
  const register = useRegister();
  const setupToken = useSearchParams()[0].get('setup') ?? undefined;
  const [added, setAdded] = useState<string | null>(null);

  const fieldErrors = register.error instanceof ApiError ? register.error.fieldErrors : {};
  // A text error (registration closed, too many attempts) is shown as is; anything else unusable
  // falls back to the spec's message.
  const generalError =
    register.isError && Object.keys(fieldErrors).length === 0
      ? register.error instanceof ApiError && typeof register.error.error === 'string' && register.error.status !== 0
        ? register.error.error
        : register.error instanceof ApiError && register.error.status === 0
          ? register.error.message
          : 'Something went wrong'
      : null;
  const { values: form, setValues: setForm, bind } = useFields(EMPTY, fieldErrors);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    register.mutate(addingAdmin || !setupToken ? form : { ...form, setupToken }, {
      onSuccess: ({ admin }) => {
        if (!addingAdmin) return navigate(paths.login, { state: { registeredEmail: admin?.email ?? form.email } });
        setAdded(`${admin.name} (${admin.email}) is registered and can log in now.`);
        setForm(EMPTY);
      },
    });
  };

  const fields = (
    <>
      <h1>Register</h1>
      {added && <Alert kind="success">{added}</Alert>}
      {generalError && <Alert>{generalError}</Alert>}
      {FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} {...bind(name)} autoFocus={name === 'name'} />
      ))}
      <button type="submit" className={`button button--primary${addingAdmin ? '' : ' button--block'}`} disabled={register.isPending}>
        {register.isPending ? <Spinner size="small" label="Registering" /> : 'Register'}
      </button>
    </>
  );

  if (addingAdmin) {
    return (
      <section className="screen">
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={register.isPending}>
          {fields}
        </form>
      </section>
    );
  }
  return (
    <AuthCard onSubmit={onSubmit} busy={register.isPending} switchTo={paths.login} switchText="Login here">
      {fields}
    </AuthCard>
  );
}
