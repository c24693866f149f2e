// Publication requests, updates, the host's own list and approval.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { addAmbassadorMember, createAmbassador, createCommunity } from '#tests/factories/communities';
import { createReservation } from '#tests/factories/reservations';
import { Experience, ExperienceOption } from '#src/modules/experiences/experiences.entity';
import { Calendar, RecurrenceRule } from '#src/modules/calendars/calendars.entity';
import { Image } from '#src/modules/images/images.entity';
import { User } from '#src/modules/users/users.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { expandRecurrence } from '#src/modules/calendars/recurrence';
import { addMonths } from '#src/lib/isomorphic/dates';
import { inDays, rule, storeTestImages, testImages, today, validPayload } from '#tests/factories/experience-payloads';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

const hostAgent = (role: 'USER' | 'HOST' | 'ADMIN' = 'USER') => createSignedInUser(t, { role });

async function post(payload: Record<string, unknown>, role: 'USER' | 'HOST' | 'ADMIN' = 'USER') {
  const { user, agent } = await hostAgent(role);
  const res = await agent.post('/api/v1/experiences').send(payload);
  return { user, agent, res };
}

describe('POST /api/v1/experiences (publication request)', () => {
  it('answers 401 when signed out and creates nothing', async () => {
    const before = await em().count(Experience, {});
    const res = await request(t.app).post('/api/v1/experiences').send(validPayload());
    expect(res.status).toBe(401);
    expect(await em().count(Experience, {})).toBe(before);
  });

  it('creates an unapproved experience with every field, makes the user a HOST and sets the completion flag', async () => {
    const { user, res } = await post(validPayload({ reservation_notice: '当日は駐車場がありません' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: '藍染めのハンカチづくり',
      approve: false,
      online: false,
      online_url: null,
      state: '京都府',
      address: '京都府京都市左京区1-2-3',
      category_id: 1,
      price: 4500,
      recruitment_number: 8,
      reservation_deadline: 'the_day_before',
      set_minimum_number_of_participant_count: true,
      minimum_number_of_participant_count: 2,
      cancellation_period: 7,
      reservation_notice: '当日は駐車場がありません',
      address_displayable: true,
      host: { id: user.id, type: 'user' },
      hosted_by: user.name,
    });
    expect(res.body.images).toEqual(testImages.slice(0, 2).map((image) => ({ ...image, alt: null })));
    expect(res.body.themes.map((th: { id: number }) => th.id)).toEqual([1, 2]);
    expect(res.body.options.map((o: { name: string; price: number }) => [o.name, o.price])).toEqual([
      ['手ぬぐい追加', 1500],
      ['お茶菓子', 500],
    ]);
    expect(res.body.calendars).toHaveLength(1);
    expect(res.body.calendars[0]).toMatchObject({
      date: inDays(10),
      start_time: '10:00',
      end_time: '12:00',
      recruitment_number: 8,
      participant_number: 0,
      reserved: false,
    });

    const stored = await em().findOneOrFail(Experience, { id: res.body.id }, { populate: ['themes', 'options', 'images'] });
    expect(stored.approve).toBe(false);
    expect(stored.approvedAt).toBeNull();
    expect(stored.hostUser?.id).toBe(user.id);
    expect(stored.hostAmbassador).toBeNull();
    expect(stored.createdBy.id).toBe(user.id);
    expect(stored.prefecture?.id).toBe(26);
    expect(stored.images).toHaveLength(2);
    expect(stored.options).toHaveLength(2);
    expect(await em().count(Calendar, { experience: stored.id })).toBe(1);
    expect((await em().findOneOrFail(User, { id: user.id })).role).toBe('HOST');

    const sessions = await em()
      .getConnection()
      .execute<{ sess: { userId?: number; flags?: Record<string, boolean> } }[]>('SELECT sess FROM session');
    expect(sessions.some((s) => s.sess.userId === user.id && s.sess.flags?.host_story_complete === true)).toBe(true);
  });

  it('keeps a requested experience away from guests until an admin approves it', async () => {
    const { res } = await post(validPayload({ title: '承認待ちの体験' }));
    const id = res.body.id;
    expect((await request(t.app).get(`/api/v1/experiences/${id}`)).status).toBe(404);
    const listed = async () =>
      (await request(t.app).get('/api/v1/stories')).body.experiences?.some((e: { id: number }) => e.id === id) ?? false;
    expect(await listed()).toBe(false);

    const { agent: admin } = await hostAgent('ADMIN');
    const approval = await admin.post(`/api/v1/admin/experiences/${id}/approval`);
    expect(approval.status).toBe(200);
    expect(approval.body).toMatchObject({ id, approve: true, changed: true });
    expect((await em().findOneOrFail(Experience, { id })).approve).toBe(true);
    expect((await request(t.app).get(`/api/v1/experiences/${id}`)).status).toBe(200);
    expect(await listed()).toBe(true);
  });

  it('reports every missing required field at once, in Japanese, and creates nothing', async () => {
    const before = await em().count(Experience, {});
    const { res } = await post({});
    expect(res.status).toBe(422);
    const keys = Object.keys(res.body.messages);
    for (const field of [
      'title',
      'images',
      'online',
      'category_id',
      'themes',
      'price',
      'price_side_note',
      'description',
      'inspiration',
      'note',
      'recruitment_number',
      'reservation_deadline',
      'set_minimum_number_of_participant_count',
      'cancellation_period',
      'calendars',
    ]) {
      expect(keys, field).toContain(field);
    }
    expect(res.body.messages.title).toEqual(['タイトルを入力してください']);
    expect(res.body.messages.images).toEqual(['写真を1枚以上登録してください']);
    expect(res.body.messages.online).toEqual(['オンラインか対面かを選択してください']);
    expect(res.body.messages.calendars).toEqual(['日程を1つ以上登録してください']);
    expect(res.body.messages.price).toEqual(['料金(1名あたり・税込)を入力してください']);
    expect(res.body.messages.cancellation_period).toEqual(['キャンセル期限を選択してください']);
    expect(res.body.messages).not.toHaveProperty('reservation_notice');
    expect(await em().count(Experience, {})).toBe(before);
  });

  it('requires online_url when online and clears address and state; requires state and address in person', async () => {
    const missingUrl = await post(validPayload({ online: true, online_url: '' }));
    expect(missingUrl.res.status).toBe(422);
    expect(missingUrl.res.body.messages.online_url).toEqual(['オンライン会場のURLを入力してください']);
    const badUrl = await post(validPayload({ online: true, online_url: 'javascript:alert(1)' }));
    expect(badUrl.res.body.messages.online_url).toEqual(['正しいURLを入力してください']);

    const online = await post(validPayload({ online: true, online_url: 'https://meet.example.com/x' }));
    expect(online.res.status).toBe(201);
    expect(online.res.body).toMatchObject({ online: true, online_url: 'https://meet.example.com/x', address: null, state: null });
    const stored = await em().findOneOrFail(Experience, { id: online.res.body.id });
    expect([stored.address, stored.prefecture, stored.onlineUrl]).toEqual([null, null, 'https://meet.example.com/x']);

    const inPerson = await post(validPayload({ online: false, state: '', address: ' ', online_url: 'https://meet.example.com/y' }));
    expect(inPerson.res.status).toBe(422);
    expect(inPerson.res.body.messages.state).toEqual(['都道府県を選択してください']);
    expect(inPerson.res.body.messages.address).toEqual(['住所を入力してください']);
    const cleared = await post(validPayload({ online: false, online_url: 'https://meet.example.com/y' }));
    expect(cleared.res.status).toBe(201);
    expect(cleared.res.body.online_url).toBeNull();
    const unknownState = await post(validPayload({ state: 'アトランティス' }));
    expect(unknownState.res.status).toBe(422);
    expect(unknownState.res.body.messages.state).toEqual(['都道府県が正しくありません']);
  });

  it('takes 1 to 3 existing themes and an existing category', async () => {
    const none = await post(validPayload({ themes: [] }));
    expect(none.res.body.messages.themes).toEqual(['テーマを1つ以上選択してください']);
    const four = await post(validPayload({ themes: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] }));
    expect(four.res.body.messages.themes).toEqual(['テーマは3つまで選択できます']);
    const dup = await post(validPayload({ themes: [{ id: 1 }, { id: 1 }] }));
    expect(dup.res.body.messages.themes).toEqual(['同じテーマが重複しています']);
    const unknown = await post(validPayload({ themes: [{ id: 9999 }], category_id: 9999 }));
    expect(unknown.res.status).toBe(422);
    expect(unknown.res.body.messages.themes).toEqual(['テーマが見つかりません']);
    expect(unknown.res.body.messages.category_id).toEqual(['カテゴリが見つかりません']);
    // Ids beyond an integer column are unknown ones, not a database error.
    const huge = await post(validPayload({ themes: [{ id: 2_147_483_648 }], category_id: 1_099_511_627_776 }));
    expect(huge.res.status).toBe(422);
    expect(huge.res.body.messages.themes).toEqual(['テーマが見つかりません']);
    expect(huge.res.body.messages.category_id).toEqual(['カテゴリが見つかりません']);
    const three = await post(validPayload({ themes: [{ id: 3 }, { id: 4 }, { id: 5 }] }));
    expect(three.res.status).toBe(201);
    expect(three.res.body.themes).toHaveLength(3);
  });

  it('converts full-width digits in prices and refuses anything that is not only digits', async () => {
    const fullWidth = await post(validPayload({ price: '４５００', options: [{ name: '追加', description: '説明', price: '１２００' }] }));
    expect(fullWidth.res.status).toBe(201);
    expect(fullWidth.res.body.price).toBe(4500);
    expect(fullWidth.res.body.options[0].price).toBe(1200);
    expect((await em().findOneOrFail(Experience, { id: fullWidth.res.body.id })).price).toBe(4500);

    // Thousands separators as a Japanese host types them are dropped; leading zeros are the same number.
    const separated = await post(validPayload({ price: '1,000', options: [{ name: '追加', description: '説明', price: '１，２５０' }] }));
    expect(separated.res.status).toBe(201);
    expect(separated.res.body.price).toBe(1000);
    expect(separated.res.body.options[0].price).toBe(1250);
    expect((await em().findOneOrFail(Experience, { id: separated.res.body.id })).price).toBe(1000);
    const zeros = await post(validPayload({ price: '0500' }));
    expect(zeros.res.body.price).toBe(500);

    for (const price of ['abc', '-1', '1.000', '1 000', '¥1,000', 1.5, -3, '４５.０']) {
      const { res } = await post(validPayload({ price }));
      expect(res.status, String(price)).toBe(422);
      expect(res.body.messages.price, String(price)).toEqual(['数字のみ入力してください']);
    }
    const empty = await post(validPayload({ price: '' }));
    expect(empty.res.body.messages.price).toEqual(['料金(1名あたり・税込)を入力してください']);
    const tooHigh = await post(validPayload({ price: 10_000_001 }));
    expect(tooHigh.res.body.messages.price[0]).toMatch(/10,000,000円以下/);
    for (const price of ['10,000,001', '9'.repeat(30)]) {
      const { res } = await post(validPayload({ price }));
      expect(res.status, price).toBe(422);
      expect(res.body.messages.price[0], price).toMatch(/10,000,000円以下/);
    }
    const free = await post(validPayload({ price: 0 }));
    expect(free.res.status).toBe(201);
  });

  it('allows at most 5 options, refuses incomplete ones and drops all-empty ones', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `オプション${i}`, description: '説明', price: 100 }));
    const tooMany = await post(validPayload({ options: six }));
    expect(tooMany.res.status).toBe(422);
    expect(tooMany.res.body.messages.options).toEqual(['オプションは5つまでしか追加できません']);

    for (const incomplete of [
      { name: '', description: '説明', price: 100 },
      { name: '名前', description: '', price: 100 },
      { name: '名前', description: '説明', price: null },
    ]) {
      const { res } = await post(validPayload({ options: [incomplete] }));
      expect(res.status).toBe(422);
      expect(res.body.messages.options).toEqual(['オプションが正しく設定されていません']);
    }
    const noPrice = await post(validPayload({ options: [{ name: '名前', description: '説明' }] }));
    expect(noPrice.res.body.messages.options).toEqual(['オプションが正しく設定されていません']);
    const badPrice = await post(validPayload({ options: [{ name: '名前', description: '説明', price: 'abc' }] }));
    expect(badPrice.res.body.messages['options.0.price']).toEqual(['数字のみ入力してください']);

    const withEmpty = await post(
      validPayload({
        options: [
          { name: '', description: '', price: null },
          { name: '残る', description: '説明', price: 300 },
          { name: '  ', description: '', price: '' },
        ],
      }),
    );
    expect(withEmpty.res.status).toBe(201);
    expect(withEmpty.res.body.options.map((o: { name: string }) => o.name)).toEqual(['残る']);
    expect(await em().count(ExperienceOption, { experience: withEmpty.res.body.id })).toBe(1);
    const five = await post(validPayload({ options: six.slice(0, 5) }));
    expect(five.res.status).toBe(201);
  });

  it('takes 1 to 3 images with a same-origin path or an http(s) URL', async () => {
    const none = await post(validPayload({ images: [] }));
    expect(none.res.body.messages.images).toEqual(['写真を1枚以上登録してください']);
    const img = (n: number) => testImages[n - 1];
    const four = await post(validPayload({ images: [img(1), img(2), img(3), img(4)] }));
    expect(four.res.body.messages.images).toEqual(['写真は3枚までです']);
    for (const url of ['javascript:alert(1)', '//evil.example/x.jpg', 'data:image/svg+xml,<svg/>']) {
      const { res } = await post(validPayload({ images: [{ object_key: 'x', url }] }));
      expect(res.status, url).toBe(422);
      expect(res.body.messages['images.0.url'], url).toEqual(['画像のURLが正しくありません']);
    }
    // The same image (the same object_key: the local store names a file by its bytes' hash) twice in one list.
    const twice = await post(validPayload({ images: [img(1), img(2), img(1)] }));
    expect(twice.res.status).toBe(422);
    expect(twice.res.body.messages.images).toEqual(['同じ画像が2回含まれています。重複している画像を削除してください']);
    const draftTwice = await twice.agent.post('/api/v1/experience_drafts').send({ title: '重複写真の下書き', images: [img(4), img(4)] });
    expect(draftTwice.status).toBe(422);
    expect(draftTwice.body.messages.images).toEqual(['同じ画像が2回含まれています。重複している画像を削除してください']);
    const three = await post(validPayload({ images: [img(1), img(2), img(3)] }));
    expect(three.res.status).toBe(201);
    expect(await em().count(Image, { experience: three.res.body.id })).toBe(3);
  });

  it('takes only images that were uploaded: an unknown key, another URL for a stored key or a foreign URL is a 422', async () => {
    const notUploaded = 'アップロードされていない画像が含まれています。写真をアップロードし直してください';
    const before = await em().count(Experience, {});
    for (const image of [
      { object_key: 'nope.png', url: '/uploads/nope.png' },
      { object_key: testImages[0].object_key, url: '/uploads/other.svg' },
      { object_key: testImages[0].object_key, url: `https://res.example.com/${testImages[0].object_key}` },
    ]) {
      const { res } = await post(validPayload({ images: [testImages[1], image] }));
      expect(res.status, image.url).toBe(422);
      expect(res.body.messages, image.url).toEqual({ images: [notUploaded] });
    }
    // Reported with the other database checks at once.
    const both = await post(validPayload({ images: [{ object_key: 'nope.png', url: '/uploads/nope.png' }], category_id: 99999 }));
    expect(both.res.body.messages).toEqual({ images: [notUploaded], category_id: ['カテゴリが見つかりません'] });
    expect(await em().count(Experience, {})).toBe(before);

    // An update: the experience's own images stay accepted (the factory's are not in the store); a new one must be
    // uploaded.
    const { user, agent } = await hostAgent('HOST');
    const experience = await createExperience(t.orm, { hostUserId: user.id, images: ['/images/demo/pottery-1.jpg'] });
    const own = { object_key: 'test/0', url: '/images/demo/pottery-1.jpg' };
    const refused = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send(validPayload({ images: [own, { object_key: 'nope.png', url: '/uploads/nope.png' }] }));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [notUploaded] });
    const kept = await agent.put(`/api/v1/experiences/${experience.id}`).send(validPayload({ images: [own, testImages[2]] }));
    expect(kept.status).toBe(200);
    expect(kept.body.images).toEqual([
      { ...own, alt: null },
      { ...testImages[2], alt: null },
    ]);
  });

  it('checks recruitment (1-30), the minimum count (1..recruitment) and the choice fields', async () => {
    for (const n of [0, 31, 2.5]) {
      const { res } = await post(validPayload({ recruitment_number: n }));
      expect(res.body.messages.recruitment_number, String(n)).toEqual(['募集人数は1〜30名から選択してください']);
    }
    const above = await post(validPayload({ recruitment_number: 3, minimum_number_of_participant_count: 4 }));
    expect(above.res.body.messages.minimum_number_of_participant_count).toEqual(['最少催行人数は1名以上、募集人数以下で選択してください']);
    const missing = await post(validPayload({ minimum_number_of_participant_count: null }));
    expect(missing.res.body.messages.minimum_number_of_participant_count).toEqual(['最少催行人数を選択してください']);
    const unset = await post(validPayload({ set_minimum_number_of_participant_count: false, minimum_number_of_participant_count: 5 }));
    expect(unset.res.status).toBe(201);
    expect(unset.res.body.minimum_number_of_participant_count).toBeNull();
    const period = await post(validPayload({ cancellation_period: 5, reservation_deadline: 'next_week' }));
    expect(period.res.body.messages.cancellation_period).toEqual(['キャンセル期限を選択してください']);
    expect(period.res.body.messages.reservation_deadline).toEqual(['予約の締め切りを選択してください']);
    const thirty = await post(validPayload({ recruitment_number: 30, minimum_number_of_participant_count: 30, cancellation_period: 30 }));
    expect(thirty.res.status).toBe(201);
  });

  it('enforces maximum lengths', async () => {
    const { res } = await post(validPayload({ title: 'あ'.repeat(101), reservation_notice: 'い'.repeat(2001) }));
    expect(res.status).toBe(422);
    expect(res.body.messages.title).toEqual(['タイトルは100文字以内で入力してください']);
    expect(res.body.messages.reservation_notice).toEqual(['予約時のお知らせは2000文字以内で入力してください']);
  });

  it('checks calendar entries: date window (Japan time), 30-minute steps, start before end', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: inDays(-1), start_time: '10:00', end_time: '11:00' }, 'calendars.0.date', '今日以降の日付を選択してください'],
      [{ date: addMonths(today(), 6), start_time: '10:00', end_time: '11:00' }, '', ''],
      [{ date: inDays(200), start_time: '10:00', end_time: '11:00' }, 'calendars.0.date', '6か月先までの日付を選択してください'],
      [{ date: inDays(3), start_time: '10:15', end_time: '11:00' }, 'calendars.0.start_time', '時刻は30分単位で選択してください'],
      [{ date: inDays(3), start_time: '11:00', end_time: '11:00' }, 'calendars.0.start_time', '開始時刻は終了時刻より前に設定してください'],
      [{ date: inDays(3), start_time: '12:00', end_time: '11:00' }, 'calendars.0.start_time', '開始時刻は終了時刻より前に設定してください'],
      [{ date: '2027-02-30', start_time: '10:00', end_time: '11:00' }, 'calendars.0.date', '日付が正しくありません'],
    ];
    for (const [entry, key, message] of cases) {
      const { res } = await post(validPayload({ calendars: [entry] }));
      if (!key) {
        // The last day of the 6-month window is allowed (today, before its start time: host-calendar-start.test.ts).
        expect(res.status).toBe(201);
        continue;
      }
      expect(res.status, JSON.stringify(entry)).toBe(422);
      expect(res.body.messages[key], JSON.stringify(entry)).toEqual([message]);
    }
    const none = await post(validPayload({ calendars: [], recurrence_rules: [] }));
    expect(none.res.body.messages.calendars).toEqual(['日程を1つ以上登録してください']);
  });

  it('generates the slots a recurrence rule describes, linked to the rule', async () => {
    const r = rule();
    const { res } = await post(validPayload({ calendars: [], recurrence_rules: [r] }));
    expect(res.status).toBe(201);
    const expected = expandRecurrence(r);
    expect(expected.length).toBeGreaterThan(5);
    const slots = await em().find(Calendar, { experience: res.body.id }, { orderBy: { date: 'asc' } });
    expect(slots.map((s) => [s.date, s.startTime, s.endTime])).toEqual(expected.map((s) => [s.date, s.start_time, s.end_time]));
    expect(slots.every((s) => s.recurrenceRule?.id === r.uuid && s.recruitmentNumber === 8)).toBe(true);
    const stored = await em().findOneOrFail(RecurrenceRule, { id: r.uuid });
    expect([...stored.dayOfWeek]).toEqual(['Monday', 'Thursday']);
    expect(res.body.recurrence_rules).toEqual([
      {
        uuid: r.uuid,
        start_date: r.start_date,
        end_date: r.end_date,
        start_time: '13:00',
        end_time: '14:30',
        day_of_week: ['Monday', 'Thursday'],
      },
    ]);
  });

  it('does not duplicate a slot sent both as an entry and by its rule', async () => {
    const r = rule({
      start_date: inDays(1),
      end_date: inDays(7),
      day_of_week: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    });
    const preview = expandRecurrence(r).map((s) => ({ ...s, recurrence_rule_uuid: r.uuid }));
    const { res } = await post(validPayload({ calendars: preview, recurrence_rules: [r] }));
    expect(res.status).toBe(201);
    expect(await em().count(Calendar, { experience: res.body.id })).toBe(7);
  });

  it('checks recurrence rules: weekdays, end between start and 3 months, inside the window', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ day_of_week: [] }, 'recurrence_rules.0.day_of_week', '繰り返す曜日を1つ以上選択してください'],
      [{ day_of_week: ['Caturday'] }, 'recurrence_rules.0.day_of_week.0', '繰り返す曜日を1つ以上選択してください'],
      [
        { start_date: inDays(10), end_date: inDays(9) },
        'recurrence_rules.0.end_date',
        '繰り返しの終了日は開始日から3か月以内(6か月先まで)で選択してください',
      ],
      [{ start_date: inDays(1), end_date: addMonths(inDays(1), 3) }, '', ''],
      [
        { start_date: inDays(1), end_date: inDays(100) },
        'recurrence_rules.0.end_date',
        '繰り返しの終了日は開始日から3か月以内(6か月先まで)で選択してください',
      ],
      [{ start_date: inDays(-2), end_date: inDays(20) }, 'recurrence_rules.0.start_date', '今日以降の日付を選択してください'],
      [
        {
          start_date: inDays(2),
          end_date: inDays(2),
          day_of_week: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].filter(
            (_d, i) => i !== new Date(`${inDays(2)}T00:00:00Z`).getUTCDay(),
          ),
        },
        'recurrence_rules.0.day_of_week',
        '繰り返しの条件に当てはまる日がありません',
      ],
      [{ start_time: '15:00', end_time: '14:00' }, 'recurrence_rules.0.start_time', '開始時刻は終了時刻より前に設定してください'],
    ];
    for (const [override, key, message] of cases) {
      const { res } = await post(validPayload({ calendars: [], recurrence_rules: [rule(override)] }));
      if (!key) {
        expect(res.status, JSON.stringify(override)).toBe(201);
        continue;
      }
      expect(res.status, JSON.stringify(override)).toBe(422);
      expect(res.body.messages[key], JSON.stringify(override)).toEqual([message]);
    }
  });

  it('lets an admin create the experience as another user (proxy_user_id), and refuses it to others', async () => {
    const target = await createUser(t.orm, { role: 'USER', name: '代理 先子' });
    const refused = await post(validPayload({ proxy_user_id: target.id }), 'HOST');
    expect(refused.res.status).toBe(403);
    expect(refused.res.body.messages.base).toEqual(['ホストの代理作成は管理者のみが行えます']);

    const { user: admin, res } = await post(validPayload({ proxy_user_id: target.id }), 'ADMIN');
    expect(res.status).toBe(201);
    expect(res.body.host).toMatchObject({ id: target.id, type: 'user', name: '代理 先子' });
    const stored = await em().findOneOrFail(Experience, { id: res.body.id });
    expect(stored.hostUser?.id).toBe(target.id);
    expect(stored.createdBy.id).toBe(admin.id);
    expect((await em().findOneOrFail(User, { id: target.id })).role).toBe('HOST');
    expect((await em().findOneOrFail(User, { id: admin.id })).role).toBe('ADMIN');

    const unknown = await post(validPayload({ proxy_user_id: 999999 }), 'ADMIN');
    expect(unknown.res.status).toBe(422);
    expect(unknown.res.body.messages.proxy_user_id).toEqual(['代理作成するホストが見つかりません']);
  });

  it('hosts as the ambassador for its members, with a community of that ambassador only', async () => {
    const ambassador = await createAmbassador(t.orm, { name: 'こもれび料理教室' });
    const other = await createAmbassador(t.orm);
    const { community } = await createCommunity(t.orm, { ambassadorIds: [ambassador.id] });
    const { community: foreign } = await createCommunity(t.orm, { ambassadorIds: [other.id] });
    const { user, agent } = await hostAgent('USER');
    await addAmbassadorMember(t.orm, ambassador.id, user.id);

    const wrong = await agent.post('/api/v1/experiences').send(validPayload({ community_id: foreign.id }));
    expect(wrong.status).toBe(422);
    expect(wrong.body.messages.community_id).toEqual(['このコミュニティは選択できません']);

    const res = await agent.post('/api/v1/experiences').send(validPayload({ community_id: community.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      host: { id: ambassador.id, type: 'ambassador' },
      hosted_by: 'こもれび料理教室',
      community_id: community.id,
    });
    const stored = await em().findOneOrFail(Experience, { id: res.body.id });
    expect(stored.hostAmbassador?.id).toBe(ambassador.id);
    expect(stored.hostUser).toBeNull();
    expect(stored.createdBy.id).toBe(user.id);

    // A user without an ambassador has no community to choose.
    const plain = await post(validPayload({ community_id: community.id }));
    expect(plain.res.status).toBe(422);
    expect(plain.res.body.messages.community_id).toEqual(['このコミュニティは選択できません']);
  });

  it("turns the user's own draft into the experience and deletes the draft", async () => {
    const { user, agent } = await hostAgent();
    const draft = await agent.post('/api/v1/experience_drafts').send({ title: '下書きから', images: [testImages[0]] });
    expect(draft.status).toBe(201);
    const res = await agent.post('/api/v1/experiences').send(validPayload({ title: '下書きから', experience_draft_id: draft.body.id }));
    expect(res.status).toBe(201);
    expect(await em().count(ExperienceDraft, { id: draft.body.id })).toBe(0);
    expect(await em().count(Image, { experienceDraft: draft.body.id })).toBe(0);
    expect(await em().count(Experience, { hostUser: user.id })).toBe(1);

    const { agent: stranger } = await hostAgent();
    const mine = await agent.post('/api/v1/experience_drafts').send({ title: '私の下書き' });
    const stolen = await stranger.post('/api/v1/experiences').send(validPayload({ experience_draft_id: mine.body.id }));
    expect(stolen.status).toBe(404);
    expect(stolen.body.messages.experience_draft).toEqual(['下書きが見つかりませんでした']);
    expect(await em().count(ExperienceDraft, { id: mine.body.id })).toBe(1);
    const gone = await agent.post('/api/v1/experiences').send(validPayload({ experience_draft_id: 999999 }));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(stolen.body);
  });

  it('answers malformed JSON and wrong types with 422, never 500, and creates nothing', async () => {
    const { agent } = await hostAgent();
    const before = await em().count(Experience, {});
    const malformed = await agent.post('/api/v1/experiences').set('Content-Type', 'application/json').send('{"title":');
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual({
      status: 422,
      message: 'リクエストの形式が正しくありません',
      messages: { base: ['リクエストの形式が正しくありません'] },
    });
    const wrongTypes = await agent
      .post('/api/v1/experiences')
      .send(validPayload({ themes: 'x', options: 'x', calendars: 'x', images: {}, online: 'yes' }));
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.messages.themes).toEqual(expect.arrayContaining([expect.stringMatching(/[ぁ-んァ-ン一-龥]/)]));
    const arrayBody = await agent.post('/api/v1/experiences').send([1, 2]);
    expect(arrayBody.status).toBe(422);
    expect(arrayBody.body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(await em().count(Experience, {})).toBe(before);
  });
});

describe('GET /api/v1/experiences (own list)', () => {
  it('lists only what the user hosts (directly or as an ambassador member), with approve', async () => {
    const { user, agent } = await hostAgent('HOST');
    const published = await createExperience(t.orm, { hostUserId: user.id, title: '公開中', approve: true });
    const pending = await createExperience(t.orm, { hostUserId: user.id, title: '申請中', approve: false });
    const othersExperience = await createExperience(t.orm, { title: '他人の体験' });
    const ambassador = await createAmbassador(t.orm);
    await addAmbassadorMember(t.orm, ambassador.id, user.id);
    const viaAmbassador = await agent.post('/api/v1/experiences').send(validPayload({ title: 'アンバサダーとして' }));
    expect(viaAmbassador.status).toBe(201);

    const res = await agent.get('/api/v1/experiences');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.experiences.map((e: { id: number }) => [e.id, e]));
    expect(byId.get(published.id)).toMatchObject({ title: '公開中', approve: true });
    expect(byId.get(pending.id)).toMatchObject({ title: '申請中', approve: false });
    expect(byId.get(viaAmbassador.body.id)).toMatchObject({ approve: false });
    expect(byId.has(othersExperience.id)).toBe(false);
    expect(res.body.experiences[0]).toHaveProperty('images');
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3 });
    expect((await request(t.app).get('/api/v1/experiences')).status).toBe(401);
  });

  it('pages the list, 24 newest first a page, and refuses a malformed page in Japanese', async () => {
    const { user, agent } = await hostAgent('HOST');
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await createExperience(t.orm, { hostUserId: user.id, title: `体験${i}` })).id);
    const first = await agent.get('/api/v1/experiences');
    expect(first.status).toBe(200);
    expect(first.body.experiences).toHaveLength(24);
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 25 });
    const second = await agent.get('/api/v1/experiences?page=2');
    expect(second.body.experiences).toHaveLength(1);
    expect(second.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 25 });
    // Together the two pages are every experience once.
    const listed = [...first.body.experiences, ...second.body.experiences].map((e: { id: number }) => e.id);
    expect(listed.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    // Past the end: the last page.
    const third = await agent.get('/api/v1/experiences?page=3');
    expect(third.body.experiences).toEqual(second.body.experiences);
    expect(third.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 25 });
    for (const bad of ['0', 'abc', '-1']) {
      const res = await agent.get(`/api/v1/experiences?page=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.messages.page).toEqual(['ページは1以上の整数で指定してください']);
    }
  });
});

describe('PUT /api/v1/experiences/{id}', () => {
  async function created(payload = validPayload()) {
    const { user, agent } = await hostAgent();
    const res = await agent.post('/api/v1/experiences').send(payload);
    expect(res.status).toBe(201);
    return { user, agent, experience: res.body };
  }

  it('updates the fields, keeps option ids, replaces images, and keeps a published experience published', async () => {
    const { agent, experience } = await created();
    const { agent: admin } = await hostAgent('ADMIN');
    await admin.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    const [first] = experience.options;
    const res = await agent.put(`/api/v1/experiences/${experience.id}`).send({
      ...validPayload(),
      title: '新しいタイトル',
      price: '５０００',
      images: [testImages[3]],
      options: [
        { id: first.id, name: '名前を変更', description: '説明', price: 100 },
        { name: '新しいオプション', description: '説明', price: 0 },
      ],
      calendars: experience.calendars,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: '新しいタイトル', price: 5000, approve: true });
    expect(res.body.images).toEqual([{ ...testImages[3], alt: null }]);
    const stored = await em().findOneOrFail(Experience, { id: experience.id }, { populate: ['options', 'images'] });
    expect(stored.approve).toBe(true);
    expect(stored.title).toBe('新しいタイトル');
    expect(stored.images.getItems().map((i) => i.objectKey)).toEqual([testImages[3].object_key]);
    const options = stored.options.getItems();
    expect(options.map((o) => o.name)).toEqual(['名前を変更', '新しいオプション']);
    expect(options[0].id).toBe(first.id);
    expect(await em().count(ExperienceOption, { id: experience.options[1].id })).toBe(0);
    expect(await em().count(Calendar, { id: experience.calendars[0].id })).toBe(1);
  });

  it('keeps a requested experience unapproved', async () => {
    const { agent, experience } = await created();
    const res = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: experience.calendars });
    expect(res.status).toBe(200);
    expect(res.body.approve).toBe(false);
  });

  it("answers a stranger's edit of another host's unpublished experience exactly as an unknown id", async () => {
    const { experience } = await created();
    const { agent: stranger } = await hostAgent('HOST');
    const notFound = {
      status: 404,
      body: { status: 404, message: '体験が見つかりませんでした', messages: { experience: ['体験が見つかりませんでした'] } },
    };
    const hidden = await stranger.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), title: '乗っ取り' });
    expect({ status: hidden.status, body: hidden.body }).toEqual(notFound);
    const unknown = await stranger.put('/api/v1/experiences/999999').send({ ...validPayload(), title: '乗っ取り' });
    expect({ status: unknown.status, body: unknown.body }).toEqual(notFound);
    const read = await stranger.get(`/api/v1/experiences/${experience.id}`);
    expect({ status: read.status, body: read.body }).toEqual(notFound);
    expect((await em().findOneOrFail(Experience, { id: experience.id })).title).toBe('藍染めのハンカチづくり');
  });

  it("answers 404 for an unknown or malformed id and 403 for someone else's published experience", async () => {
    const { experience } = await created();
    const { agent: stranger } = await hostAgent('HOST');
    expect((await stranger.put('/api/v1/experiences/999999').send(validPayload())).status).toBe(404);
    expect((await stranger.put('/api/v1/experiences/abc').send(validPayload())).status).toBe(404);
    const { agent: admin } = await hostAgent('ADMIN');
    expect((await admin.post(`/api/v1/admin/experiences/${experience.id}/approval`)).status).toBe(200);
    const res = await stranger.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), title: '乗っ取り' });
    expect(res.status).toBe(403);
    expect(res.body.messages.base).toEqual(['この体験を編集する権限がありません']);
    expect((await em().findOneOrFail(Experience, { id: experience.id })).title).toBe('藍染めのハンカチづくり');
    // An admin may edit any experience.
    const byAdmin = await admin
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), title: '管理者が修正', calendars: experience.calendars });
    expect(byAdmin.status).toBe(200);
    expect((await request(t.app).put(`/api/v1/experiences/${experience.id}`).send(validPayload())).status).toBe(401);
  });

  it('lets every member of the hosting ambassador edit it', async () => {
    const ambassador = await createAmbassador(t.orm);
    const { user: a, agent: agentA } = await hostAgent();
    const { user: b, agent: agentB } = await hostAgent();
    await addAmbassadorMember(t.orm, ambassador.id, a.id);
    await addAmbassadorMember(t.orm, ambassador.id, b.id);
    const res = await agentA.post('/api/v1/experiences').send(validPayload());
    const edit = await agentB
      .put(`/api/v1/experiences/${res.body.id}`)
      .send({ ...validPayload(), title: 'メンバーBが編集', calendars: res.body.calendars });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe('メンバーBが編集');
    expect((await agentB.get('/api/v1/experiences')).body.experiences.some((e: { id: number }) => e.id === res.body.id)).toBe(true);
  });

  it('deletes a slot without reservations but never one with reservations or seats on hold', async () => {
    const { user, agent, experience } = await created(
      validPayload({
        calendars: [
          { date: inDays(5), start_time: '10:00', end_time: '12:00' },
          { date: inDays(6), start_time: '10:00', end_time: '12:00' },
          { date: inDays(7), start_time: '10:00', end_time: '12:00' },
        ],
      }),
    );
    const [free, held, booked] = experience.calendars;
    await em().getConnection().execute('UPDATE calendars SET participant_number = 2 WHERE id = ?', [held.id]);
    await createReservation(t.orm, { userId: user.id, experienceId: experience.id, calendarIds: [booked.id], status: 'cancelled' });

    const dropHeld = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [free, booked] });
    expect(dropHeld.status).toBe(422);
    expect(dropHeld.body.messages.calendars[0]).toMatch(/^予約が入っている日程は削除・変更できません/);
    const dropBooked = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [free, held] });
    expect(dropBooked.status).toBe(422);
    const moveHeld = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: [free, { ...held, start_time: '13:00', end_time: '14:00' }, booked] });
    expect(moveHeld.status).toBe(422);
    expect(moveHeld.body.messages['calendars.1.date'][0]).toMatch(/予約が入っている日程/);
    expect(await em().count(Calendar, { experience: experience.id })).toBe(3);

    const dropFree = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [held, booked] });
    expect(dropFree.status).toBe(200);
    expect(dropFree.body.calendars.map((c: { id: number; reserved: boolean }) => [c.id, c.reserved])).toEqual([
      [held.id, true],
      [booked.id, true],
    ]);
    expect(await em().count(Calendar, { id: free.id })).toBe(0);
  });

  it('keeps a cancelled slot as it is: never deleted or moved, shown as not accepting reservations', async () => {
    const { agent, experience } = await created(
      validPayload({
        calendars: [
          { date: inDays(5), start_time: '10:00', end_time: '12:00' },
          { date: inDays(6), start_time: '10:00', end_time: '12:00' },
          { date: inDays(7), start_time: '10:00', end_time: '12:00' },
        ],
      }),
    );
    const [booked, empty, open] = experience.calendars;
    // A booking that was cancelled: the slot keeps it on record, so it counts as reserved.
    const guest = await createUser(t.orm);
    await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [booked.id], status: 'cancelled' });
    for (const slot of [booked, empty]) {
      const res = await agent.post(`/api/v1/host/calendars/${slot.id}/cancellation`).send({ reason: '講師の体調不良のため' });
      expect(res.status).toBe(200);
    }
    const dropEmpty = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [booked, open] });
    expect(dropEmpty.status).toBe(422);
    expect(dropEmpty.body.messages.calendars).toHaveLength(1);
    expect(dropEmpty.body.messages.calendars[0]).toMatch(
      /^開催中止にした日程は削除・変更できません\(\d{4}年\d{1,2}月\d{1,2}日\(.\) 10:00\)$/,
    );
    const dropBoth = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [open] });
    expect(dropBoth.status).toBe(422);
    expect(dropBoth.body.messages.calendars).toHaveLength(2);
    const moveEmpty = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: [booked, { ...empty, start_time: '13:00', end_time: '14:00' }, open] });
    expect(moveEmpty.status).toBe(422);
    expect(moveEmpty.body.messages['calendars.1.date'][0]).toMatch(/^開催中止にした日程は削除・変更できません/);
    const rows = await em().find(Calendar, { experience: experience.id }, { orderBy: { date: 'asc' } });
    expect(rows.map((c) => [c.id, c.startTime, c.acceptingReservation])).toEqual([
      [booked.id, '10:00', false],
      [empty.id, '10:00', false],
      [open.id, '10:00', true],
    ]);

    // Kept in the list, they stay cancelled; the open one may still go.
    const kept = await agent.put(`/api/v1/experiences/${experience.id}`).send({ ...validPayload(), calendars: [booked, empty] });
    expect(kept.status).toBe(200);
    expect(kept.body.calendars.map((c: { id: number; accepting_reservation: boolean }) => [c.id, c.accepting_reservation])).toEqual([
      [booked.id, false],
      [empty.id, false],
    ]);
    expect(await em().count(Calendar, { id: open.id })).toBe(0);
  });

  it("never lowers a slot's recruitment below its participants", async () => {
    const { agent, experience } = await created();
    const [slot] = experience.calendars;
    await em().getConnection().execute('UPDATE calendars SET participant_number = 5 WHERE id = ?', [slot.id]);
    const lower = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), recruitment_number: 4, minimum_number_of_participant_count: 1, calendars: [slot] });
    expect(lower.status).toBe(422);
    expect(lower.body.messages.recruitment_number[0]).toMatch(/予約済みの人数\(5名\)より少ない募集人数にはできません/);
    expect((await em().findOneOrFail(Calendar, { id: slot.id })).recruitmentNumber).toBe(8);
    const same = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), recruitment_number: 5, minimum_number_of_participant_count: 1, calendars: [slot] });
    expect(same.status).toBe(200);
    expect((await em().findOneOrFail(Calendar, { id: slot.id })).recruitmentNumber).toBe(5);
  });

  it('moves a free slot, adds new ones, refuses unknown slot ids, and leaves past slots alone', async () => {
    const { agent, experience } = await created();
    const past = await createCalendar(t.orm, experience.id, { daysFromToday: -3 });
    const foreign = await createCalendar(t.orm, (await createExperience(t.orm)).id);
    const [slot] = experience.calendars;
    const unknown = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: [slot, { ...slot, id: foreign.id }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.messages['calendars.1.id']).toEqual(['日程が見つかりません']);

    const res = await agent.put(`/api/v1/experiences/${experience.id}`).send({
      ...validPayload(),
      calendars: [
        { ...slot, date: inDays(20) },
        { date: inDays(21), start_time: '18:00', end_time: '19:30' },
        { id: past.id, date: past.date, start_time: '10:00', end_time: '12:00' },
      ],
    });
    expect(res.status).toBe(200);
    const moved = await em().findOneOrFail(Calendar, { id: slot.id });
    expect(moved.date).toBe(inDays(20));
    expect(await em().count(Calendar, { experience: experience.id, date: inDays(21), startTime: '18:00' })).toBe(1);
    expect(await em().count(Calendar, { id: past.id })).toBe(1);
    expect(await em().count(Calendar, { id: foreign.id })).toBe(1);
    const tooFar = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: [{ ...slot, date: inDays(400) }] });
    expect(tooFar.status).toBe(422);
    expect(tooFar.body.messages['calendars.0.date']).toEqual(['6か月先までの日付を選択してください']);
  });

  it('keeps an unchanged rule as it is, expands a new rule, and forgets a removed rule', async () => {
    const r = rule();
    const { agent, experience } = await created(validPayload({ calendars: [], recurrence_rules: [r] }));
    const generated = experience.calendars.length;
    expect(generated).toBe(expandRecurrence(r).length);
    // The host removes one occurrence: the unchanged rule does not bring it back.
    const remaining = experience.calendars.slice(1);
    const kept = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: remaining, recurrence_rules: experience.recurrence_rules });
    expect(kept.status).toBe(200);
    expect(await em().count(Calendar, { experience: experience.id })).toBe(generated - 1);

    const r2 = rule({ day_of_week: ['Saturday'], start_time: '09:00', end_time: '10:00' });
    const added = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: kept.body.calendars, recurrence_rules: [...kept.body.recurrence_rules, r2] });
    expect(added.status).toBe(200);
    expect(await em().count(Calendar, { experience: experience.id, recurrenceRule: r2.uuid })).toBe(expandRecurrence(r2).length);

    const withoutRules = await agent
      .put(`/api/v1/experiences/${experience.id}`)
      .send({ ...validPayload(), calendars: added.body.calendars, recurrence_rules: [] });
    expect(withoutRules.status).toBe(200);
    expect(await em().count(RecurrenceRule, { experience: experience.id })).toBe(0);
    expect(await em().count(Calendar, { experience: experience.id })).toBe(added.body.calendars.length);
  });
});

describe('POST /api/v1/admin/experiences/{id}/approval', () => {
  it('is for admins only, idempotent, and 404 for unknown ids', async () => {
    const experience = await createExperience(t.orm, { approve: false });
    expect((await request(t.app).post(`/api/v1/admin/experiences/${experience.id}/approval`)).status).toBe(401);
    const { agent: host } = await hostAgent('HOST');
    const refused = await host.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    expect(refused.status).toBe(403);
    expect((await em().findOneOrFail(Experience, { id: experience.id })).approve).toBe(false);
    const { agent: admin } = await hostAgent('ADMIN');
    const first = await admin.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    expect(first.body).toMatchObject({ approve: true, changed: true });
    const again = await admin.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ approve: true, changed: false, approved_at: first.body.approved_at });
    expect((await admin.post('/api/v1/admin/experiences/999999/approval')).status).toBe(404);
    expect((await admin.post('/api/v1/admin/experiences/x/approval')).status).toBe(404);
  });
});
