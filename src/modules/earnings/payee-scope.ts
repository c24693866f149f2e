// Whose earnings a signed-in user reads or whose bank account they set: their own as a host, or an ambassador's
// they are a member of (?ambassador_id=). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserActor } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { memberAmbassadorIds } from '#src/modules/ambassadors/ambassadors.repository';
import { payeeScopeSchema, type PayeeScopeQuery } from './earnings.schemas';

export interface Scope {
  kind: 'user' | 'ambassador';
  id: number;
  name: string;
  /** The payee row, or null before the first earning or bank account. */
  payeeId: number | null;
}

/** Whose earnings: the user's own, or an ambassador's they are a member of (404 otherwise). */
export async function scopeOf(em: EntityManager, user: UserActor, input: PayeeScopeQuery): Promise<Scope> {
  const { ambassador_id } = parseInput(payeeScopeSchema, input ?? {});
  if (ambassador_id !== undefined) {
    if (!(await memberAmbassadorIds(em, user.id)).includes(ambassador_id)) throw new NotFoundError(ja.earnings.notMember);
    const [row] = await em.execute<{ name: string; payee_id: number | null }[]>(
      'SELECT a.name, p.id AS payee_id FROM ambassadors a LEFT JOIN payees p ON p.ambassador_id = a.id WHERE a.id = ?',
      [ambassador_id],
    );
    return { kind: 'ambassador', id: ambassador_id, name: row.name, payeeId: row.payee_id };
  }
  const [row] = await em.execute<{ payee_id: number | null }[]>('SELECT id AS payee_id FROM payees WHERE user_id = ?', [user.id]);
  return { kind: 'user', id: user.id, name: user.name, payeeId: row?.payee_id ?? null };
}
