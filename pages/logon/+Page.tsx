import { useState, type KeyboardEvent } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { safeRedirect } from '#src/lib/isomorphic/api-client';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { Field, FormErrors, useForm } from '#src/components/form';
import { formValues } from '#src/components/form/form-errors';
import { signInSchema, signUpSchema } from '#src/modules/users/users.schemas';
import './logon.css';

type Mode = 'logon' | 'signup';

/** The tabs in their order. */
const MODES: readonly Mode[] = ['logon', 'signup'];

export default function Page() {
  const pageContext = usePageContext();
  const redirect = safeRedirect(pageContext.urlParsed.search.redirect);
  const [mode, setMode] = useState<Mode>(pageContext.urlParsed.search.mode === 'signup' ? 'signup' : 'logon');
  const form = useForm({
    schema: mode === 'logon' ? signInSchema : signUpSchema,
    path: mode === 'logon' ? '/api/v1/sessions' : '/api/v1/users',
    // The consent checkbox is sent as true or false (a form sends an unchecked box as nothing).
    toValues: (data: FormData) =>
      mode === 'signup' ? { ...formValues(data), agree_terms: data.get('agree_terms') === 'on' } : formValues(data),
    // A full load, so every part of the page sees the new session; a new account's page says it was made and where
    // the verification mail went.
    onSuccess: (result) => goTo(redirect, mode === 'signup' ? ja.auth.signedUp((result as { email: string }).email) : undefined),
  });

  function choose(next: Mode) {
    setMode(next);
    form.setErrors({});
  }

  function chooseByKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = MODES.indexOf(mode);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowLeft'
        ? MODES[(index + (event.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length]
        : event.key === 'Home'
          ? MODES[0]
          : event.key === 'End'
            ? MODES[MODES.length - 1]
            : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
    document.getElementById(`logon-tab-${next}`)?.focus();
  }

  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        {/* The tabs pattern: one tab stop (the selected tab), the arrow keys and Home/End choose the other and move the
            focus to it, and the panel below names its tab. */}
        <div className="tabs" role="tablist" onKeyDown={chooseByKey}>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={`logon-tab-${m}`}
              className="tabs__tab"
              aria-selected={mode === m}
              aria-controls="logon-panel"
              tabIndex={mode === m ? 0 : -1}
              onClick={() => choose(m)}
            >
              {m === 'logon' ? ja.auth.logonTitle : ja.auth.signUpTitle}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="logon-panel" aria-labelledby={`logon-tab-${mode}`}>
          <h1 className="logon__title">{mode === 'logon' ? ja.auth.logonTitle : ja.auth.signUpTitle}</h1>
          <p className="muted">{mode === 'logon' ? ja.auth.logonLead : ja.auth.signUpLead}</p>
          <FormErrors messages={form.errors} />
          <form className="form" {...form.formProps} key={mode}>
            {mode === 'signup' && (
              <Field name="name" label={ja.auth.name} max={100} messages={form.messages('name')}>
                {(control) => <input className="input" {...control} autoComplete="name" />}
              </Field>
            )}
            <Field name="email" label={ja.auth.email} messages={form.messages('email')}>
              {(control) => <input className="input" {...control} type="email" autoComplete="email" />}
            </Field>
            <Field
              name="password"
              label={ja.auth.password}
              hint={mode === 'signup' ? ja.auth.passwordHint : undefined}
              messages={form.messages('password')}
            >
              {(control) => (
                <input
                  className="input"
                  {...control}
                  type="password"
                  autoComplete={mode === 'logon' ? 'current-password' : 'new-password'}
                />
              )}
            </Field>
            {mode === 'signup' && (
              <div className="field logon__consent">
                <label className="logon__consent-line">
                  <input
                    type="checkbox"
                    name="agree_terms"
                    aria-invalid={form.messages('agree_terms') ? true : undefined}
                    aria-describedby={form.messages('agree_terms') ? 'agree-terms-error' : undefined}
                  />
                  <span>
                    <a href="/terms" target="_blank" rel="noreferrer">
                      {ja.auth.agreeTerms}
                    </a>
                    {ja.auth.agreeAnd}
                    <a href="/privacy" target="_blank" rel="noreferrer">
                      {ja.auth.agreePrivacy}
                    </a>
                    {ja.auth.agreeAfter}
                  </span>
                </label>
                {form.messages('agree_terms') && (
                  <p className="field__error" id="agree-terms-error">
                    {form.messages('agree_terms')?.[0]}
                  </p>
                )}
              </div>
            )}
            <button type="submit" className="button button--block" {...form.submitProps}>
              {mode === 'logon' ? ja.auth.submitLogon : ja.auth.submitSignUp}
            </button>
          </form>
          {mode === 'logon' && (
            <p className="logon__links">
              <a href="/password_reset/new">{ja.details.forgotPassword}</a>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
