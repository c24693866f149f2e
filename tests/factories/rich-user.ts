// A user with a bit of everything the marketplace stores about a person, for the leaving (退会) and data-copy tests:
// a past reservation with a note, payment amounts, a refund and a receipt; messages both ways; a review with a
// reply; inquiries; mails to them and about them; a community application; a draft, a holding request; a hosted
// experience and a payee with a bank account; an audit entry naming them; a reset request, a rate-limit row and two
// sessions. Rows are written directly; what is under test is what leaving and the copy do with them.
import type { Express } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createCalendar, createExperience } from './experiences';
import { createReservation } from './reservations';
import { createReview } from './reviews';
import { createCommunity } from './communities';
import { createUser, signedInAgent, type Agent } from './users';

/** The person's identity as stored in the seeded rows; none of it may remain after leaving. */
export const RICH = {
  name: '渡辺 精一郎',
  email: 'seiichiro.watanabe@example.com',
  phone: '090-4821-7736',
  address: '東京都港区芝公園4-2-8 サンプルハイツ301',
  holderName: 'ﾜﾀﾅﾍﾞ ｾｲｲﾁﾛｳ',
  receiptName: '渡辺精一郎事務所',
} as const;

export interface RichUser {
  userId: number;
  agent: Agent;
  hostId: number;
  reservationId: number;
  reviewId: number;
  receiptNumber: string;
}

export async function seedRichUser(t: { app: Express; orm: MikroORM }): Promise<RichUser> {
  const user = await createUser(t.orm, { name: RICH.name, email: RICH.email, role: 'HOST' });
  const host = await createUser(t.orm, { name: '陶芸 工房', role: 'HOST' });
  const em = t.orm.em.fork();
  const run = (sql: string, params: unknown[] = []) => em.execute(sql, params);
  await run(`UPDATE users SET avatar_url = '/uploads/richavatar0001.png', introduction = ? WHERE id = ?`, [
    `${RICH.name}です。連絡先 ${RICH.phone}`,
    user.id,
  ]);
  await run(
    `INSERT INTO uploaded_files (public_id, content_type, byte_size, sha256, data) VALUES ('richavatar0001.png', 'image/png', 3, 'rich', '\\x010203')`,
  );

  // As a guest: a past reservation with a note, a thread, a review with a reply, a cancelled one with a refund.
  const experience = await createExperience(t.orm, { hostUserId: host.id });
  const past = await createCalendar(t.orm, experience.id, { daysFromToday: -10 });
  const reservation = await createReservation(t.orm, { userId: user.id, experienceId: experience.id, calendarIds: [past.id] });
  await run('UPDATE reservations SET message_to_host = ?, payment_reference = ? WHERE id = ?', [
    `当日は ${RICH.phone} にご連絡ください。${RICH.name}`,
    `pi_rich_${reservation.id}`,
    reservation.id,
  ]);
  const pastToo = await createCalendar(t.orm, experience.id, { daysFromToday: -20 });
  const cancelled = await createReservation(t.orm, {
    userId: user.id,
    experienceId: experience.id,
    calendarIds: [pastToo.id],
    status: 'cancelled',
  });
  await run(`UPDATE reservations SET cancelled_by = 'host', cancellation_reason = ?, refund_amount = 1086 WHERE id = ?`, [
    `${RICH.name}様、講師の体調不良のため中止します。`,
    cancelled.id,
  ]);
  await run(
    `INSERT INTO refunds (reservation_id, amount, status, idempotency_key, succeeded_at, gateway_reference) VALUES (?, 1086, 'succeeded', ?, now(), 're_rich')`,
    [cancelled.id, `refund-rich-${cancelled.id}`],
  );
  await run(
    `INSERT INTO reservation_messages (reservation_id, sender_id, sender_side, body) VALUES (?, ?, 'guest', ?), (?, ?, 'host', ?)`,
    [
      reservation.id,
      user.id,
      `${RICH.name}です。${RICH.email} にも連絡できます。`,
      reservation.id,
      host.id,
      `${RICH.name}様、お待ちしております。`,
    ],
  );
  const review = await createReview(t.orm, {
    experienceId: experience.id,
    guestId: user.id,
    rate: 4.5,
    content: `${RICH.name}より。楽しかったです。`,
    reply: { content: `${RICH.name}様、ありがとうございました。`, userId: host.id },
  });
  await run('UPDATE reviews SET reservation_id = ? WHERE id = ?', [reservation.id, review.id]);
  const receiptNumber = `R${String(reservation.id).padStart(8, '0')}`;
  await run(`INSERT INTO receipts (reservation_id, number, addressee, purpose) VALUES (?, ?, ?, ?)`, [
    reservation.id,
    receiptNumber,
    RICH.receiptName,
    `${RICH.name}様 体験料として`,
  ]);
  // The receipt as it was printed (what the issuer keeps after leaving).
  await run(
    `INSERT INTO receipt_issuances (receipt_id, issue_no, document)
     SELECT id, 1, jsonb_build_object('number', number, 'addressee', addressee, 'purpose', purpose) FROM receipts WHERE number = ?`,
    [receiptNumber],
  );

  // Inquiries, signed in and by address only.
  await run(
    `INSERT INTO contact_inquiries (name, email, content, user_id, reservation_id, reservation_number) VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, NULL, NULL, NULL)`,
    [
      RICH.name,
      RICH.email,
      `予約について。電話は ${RICH.phone} です。`,
      user.id,
      reservation.id,
      reservation.id,
      RICH.name,
      RICH.email,
      '退会前のお問い合わせ',
    ],
  );
  await run(
    `INSERT INTO brand_and_ambassador_inquiries (name, company_name, department_name, position_name, email, subject, content) VALUES (?, '株式会社サンプル', '企画部', '部長', ?, 'media', ?)`,
    [RICH.name, RICH.email, `担当の${RICH.name}です。`],
  );

  // Mails to them and about them.
  await run(
    `INSERT INTO mail_outbox (dedupe_key, to_address, subject, text_body, status) VALUES ('rich:guest', ?, '【たびとこ】予約が確定しました', ?, 'sent'), ('rich:host', 'host-rich@example.com', '【たびとこ】予約が入りました', ?, 'pending')`,
    [RICH.email, `${RICH.name} 様`, `${RICH.name} 様（${RICH.email}）から予約が入りました。`],
  );

  // A community application, a draft, a holding request.
  const { community, questions } = await createCommunity(t.orm, { questions: [{ name: '志望動機' }] });
  const [application] = await run(
    `INSERT INTO community_applications (community_id, user_id, occupation_id, full_name, gender, postal_code, address, birthday)
     VALUES (?, ?, (SELECT min(id) FROM occupations), ?, 'male', '1050011', ?, '1980-04-01') RETURNING id`,
    [community.id, user.id, RICH.name, RICH.address],
  );
  await run('INSERT INTO community_application_answers (application_id, question_id, question_text, content) VALUES (?, ?, ?, ?)', [
    application.id,
    questions[0].id,
    questions[0].name,
    `${RICH.name}と申します。`,
  ]);
  await run(`INSERT INTO experience_drafts (user_id, title, data) VALUES (?, ?, ?)`, [
    user.id,
    `${RICH.name}の陶芸教室`,
    JSON.stringify({ hosted_by: RICH.name }),
  ]);
  await run('INSERT INTO holding_requests (experience_id, user_id) VALUES (?, ?)', [experience.id, user.id]);
  await run('INSERT INTO favorites (experience_id, user_id) VALUES (?, ?)', [experience.id, user.id]);

  // As a host: an experience in their name and a payee with a bank account and a paid-out balance of zero.
  const own = await createExperience(t.orm, { hostUserId: user.id });
  await run('UPDATE experiences SET hosted_by = ? WHERE id = ?', [RICH.name, own.id]);
  await run(
    `INSERT INTO payees (user_id, bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name)
     VALUES (?, '0001', '001', 'ordinary', 'encrypted', '567', ?)`,
    [user.id, RICH.holderName],
  );

  // An audit entry naming them, a reset request, a failed sign-in's rate-limit row.
  await run(
    `INSERT INTO audit_log (actor, actor_name, entity_type, entity_id, action, before, after) VALUES ('operator:test', 'test', 'ambassador', 1, 'add_member', NULL, ?)`,
    [JSON.stringify({ user_id: user.id, name: RICH.name, email: RICH.email })],
  );
  await run(`INSERT INTO password_reset_requests (door, email) VALUES ('user', ?)`, [RICH.email]);
  // A pending change of address (both addresses are theirs) and an unused verification link.
  await run(
    `INSERT INTO email_changes (door, account_id, old_email, new_email, address_free, confirm_token_hash, undo_token_hash, expires_at)
     VALUES ('user', ?, ?, 'seiichiro.next@example.com', true, 'rich-confirm', 'rich-undo', now() + interval '1 day')`,
    [user.id, RICH.email],
  );
  await run(`UPDATE users SET email_verify_token_hash = 'rich-verify', email_verify_sent_at = now() WHERE id = ?`, [user.id]);
  await run(`INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 1)`, [`sign-in:email:${RICH.email}`]);

  const agent = await signedInAgent(t.app, RICH.email);
  await signedInAgent(t.app, RICH.email);
  return { userId: user.id, agent, hostId: host.id, reservationId: reservation.id, reviewId: review.id, receiptNumber };
}
