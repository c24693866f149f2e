// https://vike.dev/Page — /account (設定): the signed-in user's profile (name, avatar, introduction), e-mail address
// change (with the verification notice while the sign-up address is unverified), password change,
// the places the account is signed in (with "sign out everywhere else") and which optional mails to receive. Each
// section saves on its own and reloads the page with a notice.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { Field, FormErrors, useForm } from '#src/components/form';
import { AccountNotice } from '#src/components/account/AccountNotice';
import { AccountSection } from '#src/components/account/AccountSection';
import { EmailChangeSection } from '#src/components/account/EmailChangeSection';
import { VerifyEmailNotice } from '#src/components/account/VerifyEmailNotice';
import { verifyEmailTexts } from '#src/components/account/verify-email-texts';
import { DataExportSection } from '#src/components/account/DataExportSection';
import { LeaveSection } from '#src/components/account/LeaveSection';
import { PasswordSection } from '#src/components/account/PasswordSection';
import { SessionsSection } from '#src/components/account/SessionsSection';
import { ImageUploader } from '#src/components/experience-form/ImageUploader';
import type { ImageJson } from '#src/modules/experiences/experiences.host.schemas';
import { INTRODUCTION_MAX, accountProfileSchema, notificationSettingsSchema } from '#src/modules/users/account.schemas';
import type { Data } from './+data';
import '#src/components/experience-form/experience-form.css';
import './account.css';

const t = ja.account;

export default function Page() {
  const { account, email, sessions, dataExport } = useData<Data>();
  const { user } = usePageContext();
  return (
    <div className="page page--narrow account-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="muted">{t.lead}</p>
      <AccountNotice />
      <ProfileSection account={account} />
      <EmailChangeSection path="/api/v1/account/email" status={email}>
        {user && !user.email_verified && <VerifyEmailNotice texts={verifyEmailTexts(email.email, 'account')} />}
      </EmailChangeSection>
      <PasswordSection api="/api/v1" />
      <SessionsSection api="/api/v1" sessions={sessions} />
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
    <AccountSection id="account-profile" heading={t.profileHeading} lead={t.profileLead}>
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
        <button type="submit" className="button" {...form.submitProps} data-testid="save-profile">
          {t.saveProfile}
        </button>
      </form>
    </AccountSection>
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
    { key: 'favorite_dates', label: ja.favoriteDates.settingLabel, hint: ja.favoriteDates.settingHint },
  ] as const;
  return (
    <AccountSection id="account-notifications" heading={t.notificationsHeading} lead={t.notificationsLead}>
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
        <button type="submit" className="button" {...form.submitProps} data-testid="save-notifications">
          {t.saveNotifications}
        </button>
      </form>
      <h3 className="account-page__subheading">{t.requiredMailsHeading}</h3>
      <ul className="account-page__required" data-testid="required-mails">
        {t.requiredMails.map((mail) => (
          <li key={mail}>{mail}</li>
        ))}
      </ul>
    </AccountSection>
  );
}
