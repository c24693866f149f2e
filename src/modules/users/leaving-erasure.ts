// What leaving (退会) does to the database, inside the leaving service's transaction (not a service: one statement
// per table over the transaction's EntityManager). This is the one place that knows which columns of which tables
// hold a person's data; docs/decisions/leaving.md says why each is erased, anonymised or kept, and
// tests/api/leaving-erasure.test.ts walks every text column of the database afterwards.
//
// - Erased with the rows: drafts, holding requests, favourites, community applications (with their answers),
//   ambassador memberships, data copies, password reset requests, rate-limit rows naming the address, mails to the
//   address.
// - Anonymised in place (the rows stay for the other party and the books): the user row itself, the receipts'
//   addressee, contact and program inquiries, the reservation's note to the host, the host name of experiences.
// - Kept as it is: the receipts as they were issued (receipt_issuances), which the issuer must keep.
// - Kept text (messages, reviews and replies, cancellation reasons, 但し書き, mails to others, audit entries) keeps its
//   words, with every known piece of the person's identity (name, address, e-mail, the names they typed on receipts
//   and applications) replaced by 退会したユーザー.
import type { EntityManager } from '@mikro-orm/postgresql';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import { hasUnpaidEarnings } from './leaving-checks';
import * as ja from '#src/i18n/ja';

const LEFT = ja.leaving.leftUserName;

/** The e-mail column's value after leaving: not an address (no @), unique by the id, so the address is free again. */
export const leftEmailPlaceholder = (userId: number) => `left:${userId}`;

/** A password hash no password matches (verifyPassword accepts only the scrypt format). */
const NO_PASSWORD = '!';

/** A PostgreSQL regular expression that matches any of the terms literally (longest first), case-insensitively. */
function termsPattern(terms: string[]): string {
  return [...terms]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[\\.^$|?*+()[\]{}]/g, (c) => `\\${c}`))
    .join('|');
}

/** The pieces of identity to look for in kept text: the name, the address and the names the person typed. */
async function identityTerms(em: EntityManager, userId: number): Promise<{ name: string; email: string; terms: string[] }> {
  const [user] = await em.execute<{ name: string; email: string }[]>('SELECT name, email FROM users WHERE id = ?', [userId]);
  if (!user) throw new Error(`user ${userId} not found`);
  const typed = await em.execute<{ term: string | null }[]>(
    `SELECT f.addressee AS term FROM receipts f JOIN reservations r ON r.id = f.reservation_id WHERE r.user_id = ?
     UNION SELECT i.document->>'addressee' FROM receipt_issuances i JOIN receipts f ON f.id = i.receipt_id
       JOIN reservations r ON r.id = f.reservation_id WHERE r.user_id = ?
     UNION SELECT full_name FROM community_applications WHERE user_id = ?
     UNION SELECT address FROM community_applications WHERE user_id = ?
     UNION SELECT name FROM contact_inquiries WHERE user_id = ? OR lower(email) = lower(?)
     UNION SELECT name FROM brand_and_ambassador_inquiries WHERE lower(email) = lower(?)`,
    [userId, userId, userId, userId, userId, user.email, user.email],
  );
  const terms = new Set<string>();
  for (const raw of [user.name, user.email, ...typed.map((row) => row.term)]) {
    const term = raw?.trim();
    // One character would match everywhere; the placeholder is what replaces them.
    if (term && term.length >= 2 && term !== LEFT) terms.add(term);
  }
  return { name: user.name, email: user.email, terms: [...terms] };
}

/** Erases and anonymises the account inside the caller's transaction. Returns how many sessions were ended. */
export async function eraseAccount(em: EntityManager, userId: number): Promise<{ signedOut: number }> {
  const { email, terms } = await identityTerms(em, userId);
  const pattern = termsPattern(terms);
  /** `col = regexp_replace(col, pattern, 退会したユーザー)` for each column, on rows where one of them matches. */
  const scrub = async (table: string, columns: string[], where: string, params: unknown[]) => {
    const sets = columns.map((c) => `${c} = regexp_replace(${c}, ?, ?, 'gi')`).join(', ');
    const matches = columns.map((c) => `${c} ~* ?`).join(' OR ');
    await em.execute(`UPDATE ${table} SET ${sets} WHERE (${where}) AND (${matches})`, [
      ...columns.flatMap(() => [pattern, LEFT]),
      ...params,
      ...columns.map(() => pattern),
    ]);
  };
  const mine = 'SELECT id FROM reservations WHERE user_id = ?';
  const hosted = 'SELECT r.id FROM reservations r JOIN experiences e ON e.id = r.experience_id WHERE e.host_user_id = ?';

  // Kept for the other party: the threads, the reviews and replies, the reservations' own texts.
  await scrub('reservation_messages', ['body'], `reservation_id IN (${mine}) OR reservation_id IN (${hosted}) OR sender_id = ?`, [
    userId,
    userId,
    userId,
  ]);
  await scrub(
    'reviews',
    ['content', 'host_reply_content'],
    'guest_id = ? OR host_reply_user_id = ? OR experience_id IN (SELECT id FROM experiences WHERE host_user_id = ?)',
    [userId, userId, userId],
  );
  await em.execute('UPDATE reservations SET message_to_host = NULL WHERE user_id = ? AND message_to_host IS NOT NULL', [userId]);
  await scrub('reservations', ['cancellation_reason', 'message_to_host'], `id IN (${mine}) OR id IN (${hosted})`, [userId, userId]);
  // The receipt row's form values (the last addressee and 但し書き, offered on the next download) go. What each
  // download printed stays whole in receipt_issuances (append-only): the issuer keeps the receipts it issued for
  // 7 years, and reproduces them as issued (docs/decisions/leaving.md "Receipts").
  await em.execute(`UPDATE receipts SET addressee = ?, updated_at = now() WHERE reservation_id IN (${mine})`, [LEFT, userId]);
  await scrub('receipts', ['purpose'], `reservation_id IN (${mine})`, [userId]);

  // Inquiries: the office keeps that there was one; who sent it and what it said go.
  await em.execute(
    `UPDATE contact_inquiries SET name = ?, email = ?, content = ?, updated_at = now() WHERE user_id = ? OR lower(email) = lower(?)`,
    [LEFT, leftEmailPlaceholder(userId), ja.leaving.erasedText, userId, email],
  );
  await em.execute(
    `UPDATE brand_and_ambassador_inquiries SET name = ?, email = ?, department_name = NULL, position_name = NULL, updated_at = now()
     WHERE lower(email) = lower(?)`,
    [LEFT, leftEmailPlaceholder(userId), email],
  );
  await scrub('brand_and_ambassador_inquiries', ['content'], 'email = ?', [leftEmailPlaceholder(userId)]);

  // Mails: those to the address go (sent or not); others' mails that name the person keep their words only.
  await em.execute('DELETE FROM mail_outbox WHERE lower(to_address) = lower(?)', [email]);
  await em.execute(
    `UPDATE mail_outbox SET subject = regexp_replace(subject, ?, ?, 'gi'), text_body = regexp_replace(text_body, ?, ?, 'gi'),
       html_body = regexp_replace(html_body, ?, ?, 'gi'), attachments = regexp_replace(attachments::text, ?, ?, 'gi')::jsonb
     WHERE subject ~* ? OR text_body ~* ? OR html_body ~* ? OR attachments::text ~* ?`,
    [pattern, LEFT, pattern, LEFT, pattern, LEFT, pattern, LEFT, pattern, pattern, pattern, pattern],
  );

  // The audit log is append-only except for this: who the person was is redacted, what was done stays.
  await em.execute('UPDATE audit_log SET actor_name = ? WHERE actor = ?', [LEFT, `user:${userId}`]);
  await em.execute(
    `UPDATE audit_log SET before = regexp_replace(before::text, ?, ?, 'gi')::jsonb, after = regexp_replace(after::text, ?, ?, 'gi')::jsonb
     WHERE before::text ~* ? OR after::text ~* ?`,
    [pattern, LEFT, pattern, LEFT, pattern, pattern],
  );

  // Hosting: the experiences stay (reservations and reviews point at them) but are withdrawn and show no name.
  await em.execute(`UPDATE experiences SET hosted_by = ?, approve = false, approved_at = NULL, updated_at = now() WHERE host_user_id = ?`, [
    LEFT,
    userId,
  ]);
  await scrub('experience_rejections', ['reason'], 'experience_id IN (SELECT id FROM experiences WHERE host_user_id = ?)', [userId]);
  await scrub('ledger_entries', ['reason'], 'payee_id IN (SELECT id FROM payees WHERE user_id = ?)', [userId]);
  // The bank account goes unless money is still owed to it (an administrator's forced leaving).
  if (!(await hasUnpaidEarnings(em, userId))) {
    await em.execute(
      `UPDATE payees SET bank_code = NULL, branch_code = NULL, account_type = NULL, account_number_encrypted = NULL,
         account_number_last3 = NULL, holder_name = NULL, updated_at = now() WHERE user_id = ?`,
      [userId],
    );
  }

  // Rows that exist only for the person.
  await em.execute('DELETE FROM community_applications WHERE user_id = ?', [userId]);
  await em.execute('DELETE FROM holding_requests WHERE user_id = ?', [userId]);
  await em.execute('DELETE FROM favorites WHERE user_id = ?', [userId]);
  await em.execute('DELETE FROM experience_drafts WHERE user_id = ?', [userId]);
  await em.execute('DELETE FROM ambassador_members WHERE user_id = ?', [userId]);
  await em.execute('DELETE FROM data_exports WHERE user_id = ?', [userId]);
  await em.execute(`DELETE FROM password_reset_requests WHERE door = 'user' AND lower(email) = lower(?)`, [email]);
  // Changes of address: the person's own, and another account's attempt to take this address.
  await em.execute(
    `DELETE FROM email_changes WHERE (door = 'user' AND account_id = ?) OR lower(old_email) = lower(?) OR lower(new_email) = lower(?)`,
    [userId, email, email],
  );
  await em.execute('DELETE FROM rate_limits WHERE strpos(lower(key), lower(?)) > 0', [email]);
  // The avatar's stored bytes, unless an image or another account uses the same file (files are content-addressed).
  await em.execute(
    `DELETE FROM uploaded_files f USING users u
     WHERE u.id = ? AND u.avatar_url = '/uploads/' || f.public_id
       AND NOT EXISTS (SELECT 1 FROM images i WHERE i.object_key = f.public_id OR i.url = u.avatar_url)
       AND NOT EXISTS (SELECT 1 FROM users o WHERE o.id <> u.id AND o.avatar_url = u.avatar_url)`,
    [userId],
  );

  const signedOut = await endAccountSessions(em, { door: 'userId', id: userId });
  await em.execute(
    `UPDATE users SET name = ?, email = ?, password_hash = ?, avatar_url = NULL, introduction = NULL,
       reset_password_token_hash = NULL, reset_password_sent_at = NULL, email_verify_token_hash = NULL,
       email_verify_sent_at = NULL, notify_reminders = false, notify_messages = false, notify_favorite_dates = false,
       role = CASE WHEN role = 'ADMIN' THEN 'USER' ELSE role END, left_at = now(), updated_at = now()
     WHERE id = ?`,
    [LEFT, leftEmailPlaceholder(userId), NO_PASSWORD, userId],
  );
  return { signedOut };
}
