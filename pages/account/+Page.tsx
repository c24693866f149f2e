// https://vike.dev/Page — /account (設定): the signed-in user's profile (name, avatar, introduction), e-mail address
// change (with the verification notice while the sign-up address is unverified), password change,
// the places the account is signed in (with "sign out everywhere else") and which optional mails to receive. Each
// section saves on its own and reloads the page with a notice.
import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { reloadPage, takeReloadNotice } from '#src/lib/isomorphic/browser-navigation';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { Field, FormErrors, Modal, useForm } from '#src/components/form';
import { ImageUploader } from '#src/components/experience-form/ImageUploader';
import { EmailChangeSection } from '#src/components/account/EmailChangeSection';
import { VerifyEmailNotice } from '#src/components/account/VerifyEmailNotice';
import { verifyEmailTexts } from '#src/components/account/verify-email-texts';
import type { ImageJson } from '#src/modules/experiences/experiences.host.schemas';
import {
  INTRODUCTION_MAX,
  accountProfileSchema,
  notificationSettingsSchema,
  passwordChangeSchema,
} from '#src/modules/users/account.schemas';
import { DataExportSection } from '#src/components/account/DataExportSection';
import { LeaveSection } from '#src/components/account/LeaveSection';
import type { Data } from './+data';
import '#src/components/experience-form/experience-form.css';
import './account.css';

const t = ja.account;

export default function Page() {
  const { account, email, sessions, dataExport } = useData<Data>();
  const { user } = usePageContext();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setNotice(takeReloadNotice()), []);
  // The notice of the section just saved is at the top; the reload keeps the scroll position of the section.
  useEffect(() => {
    if (notice) document.querySelector('[data-testid="account-notice"]')?.scrollIntoView({ block: 'center' });
  }, [notice]);
  return (
    <div className="page page--narrow account-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="muted">{t.lead}</p>
      {notice && (
        <p className="alert alert--success" role="status" data-testid="account-notice">
          {notice}
        </p>
      )}
      <ProfileSection account={account} />
      <EmailChangeSection path="/api/v1/account/email" status={email}>
        {user && !user.email_verified && <VerifyEmailNotice texts={verifyEmailTexts(email.email, 'account')} />}
      </EmailChangeSection>
      <PasswordSection />
      <SessionsSection sessions={sessions} />
      <NotificationsSection account={account} />
      <DataExportSection latest={dataExport} />
      <LeaveSection />
    </div>
  );
}

function ProfileSection({ account }: { account: Data['account'] }) {
  const [name, setName] = useState(account.name);
  const [introduction, setIntroduction] = useState(account.introduction ?? '');
  const [images, setImages] = useState<ImageJson[]>(
    account.avatar_url ? [{ object_key: account.avatar_url, url: account.avatar_url }] : [],
  );
  const form = useForm<{ name: string; introduction: string; avatar: { object_key: string; url: string }[] }>({
    schema: accountProfileSchema,
    path: '/api/v1/account/profile',
    method: 'PUT',
    onSuccess: () => reloadPage(t.profileSaved),
  });
  return (
    <section className="panel account-page__section" aria-labelledby="account-profile">
      <h2 id="account-profile" className="account-page__heading">
        {t.profileHeading}
      </h2>
      <p className="muted">{t.profileLead}</p>
      <FormErrors messages={form.errors} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.send({ name, introduction, avatar: images.map(({ object_key, url }) => ({ object_key, url })) });
        }}
      >
        <Field name="name" label={t.name} required max={100} value={name} messages={form.messages('name')}>
          {(control) => (
            <input className="input" {...control} value={name} onChange={(e) => setName(e.target.value)} autoComplete="nickname" />
          )}
        </Field>
        <Field label={t.avatar} messages={form.messages('avatar')} group>
          {() => (
            <ImageUploader
              images={images}
              max={1}
              hint={t.avatarHint}
              onAdd={(image) => setImages([image])}
              onRemove={() => setImages([])}
            />
          )}
        </Field>
        <Field
          name="introduction"
          label={t.introduction}
          hint={t.introductionHint}
          max={INTRODUCTION_MAX}
          value={introduction}
          messages={form.messages('introduction')}
        >
          {(control) => (
            <textarea className="input" rows={5} {...control} value={introduction} onChange={(e) => setIntroduction(e.target.value)} />
          )}
        </Field>
        <button type="submit" className="button" disabled={form.submitting || !form.ready} data-testid="save-profile">
          {t.saveProfile}
        </button>
      </form>
    </section>
  );
}

function PasswordSection() {
  const form = useForm<Record<string, string>, { signed_out: number }>({
    schema: passwordChangeSchema,
    path: '/api/v1/account/password',
    method: 'PUT',
    toValues: (data) => ({
      current_password: String(data.get('current_password') ?? ''),
      new_password: String(data.get('new_password') ?? ''),
    }),
    onSuccess: () => reloadPage(t.passwordChanged),
  });
  return (
    <section className="panel account-page__section" aria-labelledby="account-password">
      <h2 id="account-password" className="account-page__heading">
        {t.passwordHeading}
      </h2>
      <p className="muted">{t.passwordLead}</p>
      <FormErrors messages={form.errors} />
      <form {...form.formProps}>
        <Field name="current_password" label={t.currentPassword} required messages={form.messages('current_password')}>
          {(control) => <input className="input" type="password" autoComplete="current-password" {...control} />}
        </Field>
        <Field name="new_password" label={t.newPassword} hint={t.newPasswordHint} required messages={form.messages('new_password')}>
          {(control) => <input className="input" type="password" autoComplete="new-password" {...control} />}
        </Field>
        <button type="submit" className="button" disabled={form.submitting || !form.ready} data-testid="change-password">
          {t.changePassword}
        </button>
      </form>
    </section>
  );
}

function SessionsSection({ sessions }: { sessions: Data['sessions'] }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;
  async function signOutOthers() {
    setBusy(true);
    setError(null);
    try {
      const result = await api<{ signed_out: number }>('/api/v1/account/sessions', { method: 'DELETE' });
      await reloadPage(t.signedOutOthers(result.signed_out));
    } catch (e) {
      setError(e instanceof Error ? e.message : ja.common.unexpectedError);
      setBusy(false);
      setConfirming(false);
    }
  }
  return (
    <section className="panel account-page__section" aria-labelledby="account-sessions">
      <h2 id="account-sessions" className="account-page__heading">
        {t.sessionsHeading}
      </h2>
      <p className="muted">{t.sessionsLead}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <ul className="account-sessions" data-testid="account-sessions">
        {sessions.map((s) => (
          <li key={s.id} className="account-sessions__item">
            <span className="account-sessions__device">
              {s.device ?? t.unknownDevice}
              {s.current && <span className="account-sessions__badge">{t.thisDevice}</span>}
            </span>
            <span className="muted account-sessions__times">
              {s.signed_in_at && <span>{t.signedInAt(formatInstantDateTimeJa(s.signed_in_at))}</span>}
              {s.last_seen_at && <span>{t.lastSeenAt(formatInstantDateTimeJa(s.last_seen_at))}</span>}
            </span>
          </li>
        ))}
      </ul>
      {others === 0 ? (
        <p className="muted">{t.noOtherSessions}</p>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="sign-out-others">
          {t.signOutOthers}
        </button>
      )}
      {confirming && (
        <Modal
          title={t.signOutOthers}
          onClose={() => setConfirming(false)}
          onConfirm={signOutOthers}
          confirmLabel={t.signOutOthers}
          danger
          busy={busy}
        >
          <p>{t.signOutOthersConfirm}</p>
        </Modal>
      )}
    </section>
  );
}

function NotificationsSection({ account }: { account: Data['account'] }) {
  const [values, setValues] = useState(account.notifications);
  const form = useForm<typeof values>({
    schema: notificationSettingsSchema,
    path: '/api/v1/account/notifications',
    method: 'PUT',
    onSuccess: () => reloadPage(t.notificationsSaved),
  });
  const options = [
    { key: 'reminders', label: t.remindersLabel, hint: t.remindersHint },
    { key: 'messages', label: t.messagesLabel, hint: t.messagesHint },
  ] as const;
  return (
    <section className="panel account-page__section" aria-labelledby="account-notifications">
      <h2 id="account-notifications" className="account-page__heading">
        {t.notificationsHeading}
      </h2>
      <p className="muted">{t.notificationsLead}</p>
      <FormErrors messages={form.errors} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.send(values);
        }}
      >
        {options.map((option) => (
          <label key={option.key} className="account-page__check">
            <input
              type="checkbox"
              name={option.key}
              checked={values[option.key]}
              onChange={(e) => setValues((v) => ({ ...v, [option.key]: e.target.checked }))}
            />
            <span>
              <strong>{option.label}</strong>
              <span className="muted account-page__check-hint">{option.hint}</span>
            </span>
          </label>
        ))}
        <button type="submit" className="button" disabled={form.submitting || !form.ready} data-testid="save-notifications">
          {t.saveNotifications}
        </button>
      </form>
      <h3 className="account-page__subheading">{t.requiredMailsHeading}</h3>
      <ul className="account-page__required" data-testid="required-mails">
        {t.requiredMails.map((mail) => (
          <li key={mail}>{mail}</li>
        ))}
      </ul>
    </section>
  );
}
