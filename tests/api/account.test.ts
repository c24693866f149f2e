// The account page's API (/api/v1/account): profile, password change (other sessions end, a security notice,
// limited like sign-in), the sessions list and "sign out everywhere else", and the notification settings that the
// day-before reminders and message notices follow.
import { timeZoneForThisFile } from '#tests/setup/time-zone';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { expectDocumented } from './openapi-contract';
import { addDays, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import { User } from '#src/modules/users/users.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';

timeZoneForThisFile('UTC');

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** An agent signed in from its own address with this User-Agent. */
const signInWith = (email: string, userAgent: string) => signedInAgent(t.app, email, TEST_PASSWORD, { userAgent });

describe('GET /api/v1/account and PUT /api/v1/account/profile', () => {
  it('refuses a guest with 401', async () => {
    const res = await request(t.app).get('/api/v1/account');
    expect(res.status).toBe(401);
    expectDocumented(res);
    const put = await request(t.app).put('/api/v1/account/profile').send({ name: '誰か' });
    expect(put.status).toBe(401);
  });

  it('shows and saves the name, the avatar and the introduction', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '設定 花子', email: 'account-profile@example.com' });
    const before = await agent.get('/api/v1/account');
    expect(before.status).toBe(200);
    expectDocumented(before);
    expect(before.body).toEqual({
      name: '設定 花子',
      email: 'account-profile@example.com',
      avatar_url: null,
      introduction: null,
      notifications: { reminders: true, messages: true, favorite_dates: false },
    });
    const res = await agent.put('/api/v1/account/profile').send({
      name: '  新しい 名前 ',
      avatar: [testImages[0]],
      introduction: '京都で陶芸をしています。',
    });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toMatchObject({ name: '新しい 名前', avatar_url: testImages[0].url, introduction: '京都で陶芸をしています。' });
    const me = await agent.get('/api/v1/me');
    expect(me.body).toMatchObject({ name: '新しい 名前', avatar_url: testImages[0].url });
    const cleared = await agent.put('/api/v1/account/profile').send({ name: '新しい 名前', avatar: [], introduction: '' });
    expect(cleared.body).toMatchObject({ avatar_url: null, introduction: null });
    const row = await em().findOneOrFail(User, { id: user.id });
    expect(row.avatarUrl).toBeNull();
  });

  it('refuses an empty or long name, a long introduction, a foreign avatar URL and two avatars, saving nothing', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '元の 名前' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'お名前を入力してください'],
      // Invisible characters only (zero-width spaces around a full-width space): nothing to show, so no name.
      [{ name: '\u200B\u3000\u200B' }, 'name', 'お名前を入力してください'],
      [{ name: 'あ'.repeat(101) }, 'name', 'お名前は100文字以内で入力してください'],
      [{ name: '一行目\r\nお名前: 運営' }, 'name', '改行や制御文字は使えません'],
      [{ name: '名前\u0007' }, 'name', '改行や制御文字は使えません'],
      [{ name: '名前', introduction: 'あ'.repeat(1001) }, 'introduction', '自己紹介は1000文字以内で入力してください'],
      [
        { name: '名前', avatar: [{ object_key: 'x', url: 'javascript:alert(1)' }] },
        'avatar',
        'プロフィール画像をもう一度アップロードしてください',
      ],
      [
        {
          name: '名前',
          avatar: [
            { object_key: 'a', url: '/uploads/a.png' },
            { object_key: 'b', url: '/uploads/b.png' },
          ],
        },
        'avatar',
        'プロフィール画像は1枚までです',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await agent.put('/api/v1/account/profile').send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expectDocumented(res);
      expect(Object.values(res.body.messages).flat()).toContain(message);
      expect(Object.keys(res.body.messages)[0]).toContain(field);
    }
    const row = await em().findOneOrFail(User, { id: user.id });
    expect(row.name).toBe('元の 名前');
    expect(row.introduction).toBeNull();
  });
});

describe('PUT /api/v1/account/password', () => {
  it('needs the current password; the new one follows the password rules', async () => {
    const { user, agent } = await createSignedInUser(t);
    const wrong = await agent.put('/api/v1/account/password').send({ current_password: 'wrongpass99', new_password: 'newpass12345' });
    expect(wrong.status).toBe(422);
    expectDocumented(wrong);
    expect(wrong.body.messages).toEqual({ current_password: ['現在のパスワードが正しくありません'] });
    const weak = await agent.put('/api/v1/account/password').send({ current_password: TEST_PASSWORD, new_password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.messages.new_password).toContain('8文字以上で入力してください');
    const same = await agent.put('/api/v1/account/password').send({ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD });
    expect(same.body.messages.new_password).toEqual(['新しいパスワードは現在のパスワードと異なるものにしてください']);
    // Nothing changed: the old password still signs in, and no notice was mailed.
    await signedInAgent(t.app, user.email);
    expect(await em().count(MailOutbox, { toAddress: user.email })).toBe(0);
  });

  it('sets the new password, ends every other session (not this one) and mails a security notice', async () => {
    const user = await createUser(t.orm, { name: '変更 次郎', email: 'change-password@example.com' });
    const phone = await signInWith(user.email, IPHONE);
    const laptop = await signInWith(user.email, WINDOWS);
    const res = await phone.put('/api/v1/account/password').send({ current_password: TEST_PASSWORD, new_password: 'brandnew2026' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ changed: true, signed_out: 1 });
    expect((await phone.get('/api/v1/me')).body).toMatchObject({ email: 'change-password@example.com' });
    expect((await laptop.get('/api/v1/me')).status).toBe(401);
    const old = await request(t.app)
      .post('/api/v1/sessions')
      .set('X-Forwarded-For', '172.21.0.1')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    await signedInAgent(t.app, user.email, 'brandnew2026');
    const mails = await em().find(MailOutbox, { toAddress: user.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('【たびとこ】パスワードが変更されました');
    expect(mails[0].textBody).toContain('変更 次郎 様');
    expect(mails[0].textBody).toContain('端末: iPhone / Safari');
    expect(mails[0].textBody).toContain('/password_reset/new');
    expect(mails[0].textBody).not.toContain('brandnew2026');
  });

  it('is limited like sign-in: ten wrong passwords from one address stop that address, not the owner elsewhere', async () => {
    const user = await createUser(t.orm, { email: 'guess-current@example.com' });
    const agent = await signInWith(user.email, WINDOWS);
    for (let i = 0; i < 10; i++) {
      const res = await agent
        .put('/api/v1/account/password')
        .set('X-Forwarded-For', '172.22.0.1')
        .send({ current_password: `wrong${i}pass`, new_password: 'another2026' });
      expect(res.status).toBe(422);
    }
    const blocked = await agent
      .put('/api/v1/account/password')
      .set('X-Forwarded-For', '172.22.0.1')
      .send({ current_password: TEST_PASSWORD, new_password: 'another2026' });
    expect(blocked.status).toBe(429);
    expectDocumented(blocked);
    expect(blocked.body.message).toBe('試行回数が多すぎます。しばらくしてからもう一度お試しください');
    const elsewhere = await agent
      .put('/api/v1/account/password')
      .set('X-Forwarded-For', '172.22.0.2')
      .send({ current_password: TEST_PASSWORD, new_password: 'another2026' });
    expect(elsewhere.status).toBe(200);
  });
});

describe('GET and DELETE /api/v1/account/sessions', () => {
  it('lists where the account is signed in, this device first, and signs out every other one', async () => {
    const user = await createUser(t.orm);
    const other = await createUser(t.orm);
    const laptop = await signInWith(user.email, WINDOWS);
    const phone = await signInWith(user.email, IPHONE);
    const someoneElse = await signInWith(other.email, WINDOWS);
    const list = await phone.get('/api/v1/account/sessions');
    expect(list.status).toBe(200);
    expectDocumented(list);
    expect(list.body.sessions.map((s: { current: boolean; device: string }) => [s.current, s.device])).toEqual([
      [true, 'iPhone / Safari'],
      [false, 'Windows / Chrome'],
    ]);
    // The session ids (the cookie's secret) never leave the server.
    const sids = await em().execute<{ sid: string }[]>(`SELECT sid FROM session`);
    expect(sids.length).toBeGreaterThanOrEqual(3);
    for (const { sid } of sids) expect(JSON.stringify(list.body)).not.toContain(sid);
    const ended = await phone.delete('/api/v1/account/sessions');
    expect(ended.status).toBe(200);
    expectDocumented(ended);
    expect(ended.body).toEqual({ signed_out: 1 });
    expect((await laptop.get('/api/v1/me')).status).toBe(401);
    expect((await phone.get('/api/v1/me')).body).toMatchObject({ id: user.id });
    expect((await someoneElse.get('/api/v1/me')).body).toMatchObject({ id: other.id });
    const after = await phone.get('/api/v1/account/sessions');
    expect(after.body.sessions).toHaveLength(1);
    expect((await request(t.app).delete('/api/v1/account/sessions')).status).toBe(401);
  });
});

describe('PUT /api/v1/account/notifications', () => {
  it('stores the optional mails and refuses anything but true or false', async () => {
    const { user, agent } = await createSignedInUser(t);
    const bad = await agent.put('/api/v1/account/notifications').send({ reminders: 'no', messages: true });
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages).toEqual({ reminders: ['お知らせメールの設定が正しくありません'] });
    const res = await agent.put('/api/v1/account/notifications').send({ reminders: false, messages: true });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.notifications).toEqual({ reminders: false, messages: true, favorite_dates: false });
    const row = await em().findOneOrFail(User, { id: user.id });
    expect([row.notifyReminders, row.notifyMessages]).toEqual([false, true]);
  });

  it('changes only the choices sent (the favourites page sends its own) and refuses an empty change', async () => {
    const { user, agent } = await createSignedInUser(t);
    const on = await agent.put('/api/v1/account/notifications').send({ favorite_dates: true });
    expect(on.status).toBe(200);
    expectDocumented(on);
    expect(on.body.notifications).toEqual({ reminders: true, messages: true, favorite_dates: true });
    const bad = await agent.put('/api/v1/account/notifications').send({ favorite_dates: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.messages).toEqual({ favorite_dates: ['お知らせメールの設定が正しくありません'] });
    const empty = await agent.put('/api/v1/account/notifications').send({});
    expect(empty.status).toBe(422);
    expectDocumented(empty);
    const row = await em().findOneOrFail(User, { id: user.id }, { refresh: true });
    expect([row.notifyReminders, row.notifyMessages, row.notifyFavoriteDates]).toEqual([true, true, true]);
  });

  it('a guest without reminders gets none while the host still gets the list; a host without them gets no list', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: 'お知らせ設定の体験' });
    const date = addDays(todayInJapan(), 3);
    const slot = await createCalendar(t.orm, experience.id, { date, startTime: '10:00', endTime: '12:00' });
    const quiet = await createSignedInUser(t, { name: '静か 一郎' });
    const usual = await createUser(t.orm, { name: '普通 二郎' });
    await quiet.agent.put('/api/v1/account/notifications').send({ reminders: false, messages: true });
    await createReservation(t.orm, { userId: quiet.user.id, experienceId: experience.id, calendarIds: [slot.id] });
    const b = await createReservation(t.orm, { userId: usual.id, experienceId: experience.id, calendarIds: [slot.id] });
    const dayBefore = addDays(date, -1);
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(dayBefore, '09:00') })).toBe(1);
    const mails = await em().find(MailOutbox, { dedupeKey: { $like: 'reminder:%' }, subject: { $like: '%お知らせ設定の体験%' } });
    const keys = mails.map((m) => m.dedupeKey).sort();
    expect(keys).toEqual([`reminder:${b.id}:${slot.id}:guest`, `reminder:host:${experience.id}:${date}:${slot.id}`].sort());
    const hostList = mails.find((m) => m.toAddress === host.email);
    expect(hostList?.textBody).toContain('静か 一郎');

    const quietHost = await createSignedInUser(t, { role: 'HOST' });
    await quietHost.agent.put('/api/v1/account/notifications').send({ reminders: false, messages: true });
    const second = await createExperience(t.orm, { hostUserId: quietHost.user.id, title: '静かなホストの体験' });
    const slot2 = await createCalendar(t.orm, second.id, { date, startTime: '10:00', endTime: '12:00' });
    const c = await createReservation(t.orm, { userId: usual.id, experienceId: second.id, calendarIds: [slot2.id] });
    expect(await t.services.reminders.sendDueReminders({ now: japanInstant(dayBefore, '09:30') })).toBe(1);
    const secondMails = await em().find(MailOutbox, { subject: { $like: '%静かなホストの体験%' } });
    expect(secondMails.map((m) => m.dedupeKey)).toEqual([`reminder:${c.id}:${slot2.id}:guest`]);
  });

  it('a recipient without message notices gets no mail for a new message; the message is still stored', async () => {
    const host = await createSignedInUser(t, { role: 'HOST' });
    const guest = await createSignedInUser(t);
    const experience = await createExperience(t.orm, { hostUserId: host.user.id });
    const slot = await createCalendar(t.orm, experience.id);
    const reservation = await createReservation(t.orm, { userId: guest.user.id, experienceId: experience.id, calendarIds: [slot.id] });
    await host.agent.put('/api/v1/account/notifications').send({ reminders: true, messages: false });
    const toHost = await guest.agent.post(`/api/v1/reservations/${reservation.id}/messages`).send({ body: '駐車場はありますか？' });
    expect(toHost.status).toBe(201);
    expect(await em().count(MailOutbox, { dedupeKey: `reservation-message:${toHost.body.id}:host` })).toBe(0);
    const toGuest = await host.agent.post(`/api/v1/reservations/${reservation.id}/messages`).send({ body: 'あります。' });
    expect(await em().count(MailOutbox, { dedupeKey: `reservation-message:${toGuest.body.id}:guest` })).toBe(1);
    const thread = await host.agent.get(`/api/v1/reservations/${reservation.id}/messages`);
    expect(thread.body.messages).toHaveLength(2);
  });
});
