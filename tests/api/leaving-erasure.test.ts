// After leaving (退会), no trace of the person's identity is left anywhere in the database but the receipts as they
// were issued (receipt_issuances, which the issuer must keep): every text, character, JSON and array column of every
// table is searched for the name, the address, the phone number they typed, the postal address of their application,
// the bank account holder and the receipt's addressee. What others and the books rely on is still there, under
// 退会したユーザー.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { TEST_PASSWORD } from '#tests/factories/users';
import { RICH, seedRichUser, type RichUser } from '#tests/factories/rich-user';

let t: TestApp;
let rich: RichUser;
beforeAll(async () => {
  t = await setupTestApp();
  rich = await seedRichUser(t);
});

const sql = <T>(text: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(text, params);

/** Every column that can hold text, in every table of the schema. */
async function textColumns() {
  return sql<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns c
     WHERE table_schema = current_schema()
       AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR data_type = 'ARRAY')
       AND EXISTS (SELECT 1 FROM information_schema.tables b WHERE b.table_schema = c.table_schema AND b.table_name = c.table_name AND b.table_type = 'BASE TABLE')
     ORDER BY table_name, column_name`,
  );
}

/** Where each term occurs: `table.column` names. */
async function occurrences(terms: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const { table_name, column_name } of await textColumns()) {
    for (const term of terms) {
      const [row] = await sql<{ n: string }>(
        `SELECT count(*) AS n FROM "${table_name}" WHERE strpos(lower("${column_name}"::text), lower(?)) > 0`,
        [term],
      );
      if (Number(row.n) > 0) found[term] = [...(found[term] ?? []), `${table_name}.${column_name}`];
    }
  }
  return found;
}

// The address they were changing to is theirs too (email_changes).
const NEXT_EMAIL = 'seiichiro.next@example.com';
const TERMS = [RICH.name, RICH.email, 'seiichiro.watanabe', NEXT_EMAIL, RICH.phone, RICH.address, RICH.holderName, RICH.receiptName];

describe('leaving erases every personal field', () => {
  it('finds the identity in many tables before, and after only in the receipts as issued', async () => {
    // A copy of the data, ready and mailed, is personal data too.
    expect((await rich.agent.post('/api/v1/account/data-exports')).status).toBe(202);
    expect(await t.services.dataExports.buildDue()).toBe(1);
    const [built] = await sql<{ status: string; last_error: string | null }>('SELECT status, last_error FROM data_exports');
    expect(built).toEqual({ status: 'ready', last_error: null });

    const before = await occurrences(TERMS);
    expect(before[RICH.name]).toEqual(
      expect.arrayContaining([
        'users.name',
        'reservation_messages.body',
        'reviews.content',
        'reviews.host_reply_content',
        'reservations.message_to_host',
        'reservations.cancellation_reason',
        'receipts.purpose',
        'contact_inquiries.name',
        'brand_and_ambassador_inquiries.name',
        'mail_outbox.text_body',
        'community_applications.full_name',
        'community_application_answers.content',
        'experience_drafts.title',
        'experiences.hosted_by',
        'audit_log.after',
        'data_exports.json_body',
      ]),
    );
    expect(before[RICH.email]).toEqual(
      expect.arrayContaining([
        'users.email',
        'password_reset_requests.email',
        'rate_limits.key',
        'mail_outbox.to_address',
        'email_changes.old_email',
      ]),
    );
    expect(before[NEXT_EMAIL]).toEqual(['data_exports.json_body', 'email_changes.new_email']);
    expect(before[RICH.phone]).toEqual(expect.arrayContaining(['users.introduction', 'contact_inquiries.content']));
    expect(before[RICH.holderName]).toEqual(['data_exports.json_body', 'payees.holder_name']);
    expect(before[RICH.receiptName]).toEqual(['data_exports.json_body', 'receipt_issuances.document', 'receipts.addressee']);

    const res = await rich.agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    // Only the issued receipt keeps its addressee and 但し書き (which named the person) as printed.
    expect(await occurrences(TERMS)).toEqual({
      [RICH.name]: ['receipt_issuances.document'],
      [RICH.receiptName]: ['receipt_issuances.document'],
    });
  });

  it('keeps what others and the books rely on, under 退会したユーザー', async () => {
    const [reservation] = await sql<Record<string, unknown>>(
      'SELECT user_id, total_amount, status, message_to_host, payment_reference FROM reservations WHERE id = ?',
      [rich.reservationId],
    );
    expect(reservation).toEqual({
      user_id: rich.userId,
      total_amount: 1086,
      status: 'confirmed',
      message_to_host: null,
      payment_reference: `pi_rich_${rich.reservationId}`,
    });
    const [refunds] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM refunds f JOIN reservations r ON r.id = f.reservation_id WHERE r.user_id = ? AND f.amount = 1086`,
      [rich.userId],
    );
    expect(Number(refunds.n)).toBe(1);
    const messages = await sql<{ body: string }>('SELECT body FROM reservation_messages WHERE reservation_id = ? ORDER BY id', [
      rich.reservationId,
    ]);
    expect(messages.map((m) => m.body)).toEqual([
      '退会したユーザーです。退会したユーザー にも連絡できます。',
      '退会したユーザー様、お待ちしております。',
    ]);
    const [review] = await sql<Record<string, unknown>>('SELECT guest_id, content, host_reply_content FROM reviews WHERE id = ?', [
      rich.reviewId,
    ]);
    expect(review).toEqual({
      guest_id: rich.userId,
      content: '退会したユーザーより。楽しかったです。',
      host_reply_content: '退会したユーザー様、ありがとうございました。',
    });
    const [receipt] = await sql<Record<string, unknown>>('SELECT number, addressee, purpose FROM receipts WHERE reservation_id = ?', [
      rich.reservationId,
    ]);
    expect(receipt).toEqual({ number: rich.receiptNumber, addressee: '退会したユーザー', purpose: '退会したユーザー様 体験料として' });
    const [hosted] = await sql<Record<string, unknown>>('SELECT hosted_by, approve FROM experiences WHERE host_user_id = ?', [rich.userId]);
    expect(hosted).toEqual({ hosted_by: '退会したユーザー', approve: false });
    const [payee] = await sql<Record<string, unknown>>('SELECT bank_code, holder_name FROM payees WHERE user_id = ?', [rich.userId]);
    expect(payee).toEqual({ bank_code: null, holder_name: null });
    const [counts] = await sql<Record<string, string>>(
      `SELECT (SELECT count(*) FROM community_applications WHERE user_id = ?) AS applications,
              (SELECT count(*) FROM holding_requests WHERE user_id = ?) AS holding,
              (SELECT count(*) FROM favorites WHERE user_id = ?) AS favorites,
              (SELECT count(*) FROM experience_drafts WHERE user_id = ?) AS drafts,
              (SELECT count(*) FROM data_exports WHERE user_id = ?) AS exports,
              (SELECT count(*) FROM uploaded_files WHERE public_id = 'richavatar0001.png') AS avatar,
              (SELECT count(*) FROM mail_outbox WHERE dedupe_key = 'rich:host') AS host_mail,
              (SELECT count(*) FROM contact_inquiries WHERE user_id = ? AND content = '（退会により削除されました）') AS inquiries`,
      [rich.userId, rich.userId, rich.userId, rich.userId, rich.userId, rich.userId],
    );
    expect(counts).toEqual({
      applications: '0',
      holding: '0',
      favorites: '0',
      drafts: '0',
      exports: '0',
      avatar: '0',
      host_mail: '1',
      inquiries: '1',
    });
  });
});
