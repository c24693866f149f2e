import { useState, type FormEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { api, ApiError, safeRedirect } from '#src/lib/api-client';
import type { FieldMessages } from '#src/lib/errors';
import { signInSchema, signUpSchema } from '#src/modules/users/users.schemas';
import { fieldMessages } from '#src/lib/validate';
import './logon.css';

type Mode = 'logon' | 'signup';

export default function Page() {
  const pageContext = usePageContext();
  const redirect = safeRedirect(pageContext.urlParsed.search.redirect);
  const [mode, setMode] = useState<Mode>(pageContext.urlParsed.search.mode === 'signup' ? 'signup' : 'logon');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(form.entries());
    const parsed = (mode === 'logon' ? signInSchema : signUpSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      await api(mode === 'logon' ? '/api/v1/sessions' : '/api/v1/users', { method: 'POST', body });
      // A full load, so every part of the page sees the new session.
      window.location.assign(redirect);
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? Object.keys(error.messages).length
            ? error.messages
            : { base: [error.message] }
          : { base: [ja.common.unexpectedError] },
      );
      setSubmitting(false);
    }
  }

  const err = (field: string) =>
    errors[field]?.length ? (
      <p className="field__error" id={`${field}-error`}>
        {errors[field][0]}
      </p>
    ) : null;

  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        <div className="tabs" role="tablist">
          <button
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={mode === 'logon'}
            onClick={() => {
              setMode('logon');
              setErrors({});
            }}
          >
            {ja.auth.logonTitle}
          </button>
          <button
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={mode === 'signup'}
            onClick={() => {
              setMode('signup');
              setErrors({});
            }}
          >
            {ja.auth.signUpTitle}
          </button>
        </div>
        <h1 className="logon__title">{mode === 'logon' ? ja.auth.logonTitle : ja.auth.signUpTitle}</h1>
        <p className="muted">{mode === 'logon' ? ja.auth.logonLead : ja.auth.signUpLead}</p>
        {errors.base && (
          <div className="alert alert--error" role="alert">
            {errors.base.join(' ')}
          </div>
        )}
        <form className="form" onSubmit={submit} noValidate key={mode}>
          {mode === 'signup' && (
            <label className="field">
              <span className="field__label">{ja.auth.name}</span>
              <input className="input" name="name" autoComplete="name" maxLength={100} aria-invalid={!!errors.name} />
              {err('name')}
            </label>
          )}
          <label className="field">
            <span className="field__label">{ja.auth.email}</span>
            <input className="input" name="email" type="email" autoComplete="email" aria-invalid={!!errors.email} />
            {err('email')}
          </label>
          <label className="field">
            <span className="field__label">{ja.auth.password}</span>
            <input
              className="input"
              name="password"
              type="password"
              autoComplete={mode === 'logon' ? 'current-password' : 'new-password'}
              aria-invalid={!!errors.password}
            />
            {mode === 'signup' && <span className="field__hint">{ja.auth.passwordHint}</span>}
            {err('password')}
          </label>
          <button type="submit" className="button button--block" disabled={submitting}>
            {mode === 'logon' ? ja.auth.submitLogon : ja.auth.submitSignUp}
          </button>
        </form>
      </div>
    </section>
  );
}
