// Password reset requests of both doors (marketplace users and brand portal members), one rule:
// - Nobody can lock the owner out from elsewhere: the only refusal is per client IP (RESET_REQUESTS_PER_IP in
//   10 minutes, the routes' limit), so an address's owner asking from their own connection is always heard.
// - No address gets more than RESET_MAILS_PER_ACCOUNT reset mails an hour, whoever asks (`resetMailAllowed`): past
//   that, requests are dropped silently and no new token is made, so the last link mailed keeps working.
// The numbers and `resetMailAllowed` live in src/lib/reset-tokens.ts.
// - The answer does not tell whether an address has an account, by its words or its timing: the request only records
//   (door, address) in `password_reset_requests` (one statement, the same for every address) and answers 202; the
//   worker's job (`deliverDue`) looks the account up, makes the token and queues the mail, each request in its own
//   transaction on one connection.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Ctx, GUEST } from '#src/lib/context';
import type { Logger } from '#src/lib/logger';
import type { ResetDoor } from '#src/lib/reset-tokens';
import { parseInput } from '#src/lib/isomorphic/validate';
import { transaction } from '#src/lib/transaction';
import { userPasswordResetRequestSchema, type UserPasswordResetRequestInput } from '#src/modules/users/users.schemas';

/** What a door does for one queued request, inside the job's transaction (ctx.em): look up, cap, token, mail. */
interface ResetDoorMailer {
  mailPasswordReset(ctx: Ctx, input: UserPasswordResetRequestInput): Promise<void>;
}

export interface PasswordResetsDeps {
  orm: MikroORM;
  log: Logger;
  users: ResetDoorMailer;
  brandMembers: ResetDoorMailer;
}

export function createPasswordResetsService(deps: PasswordResetsDeps) {
  const { orm, log } = deps;
  const doors: Record<ResetDoor, ResetDoorMailer> = { user: deps.users, brand: deps.brandMembers };

  /**
   * POST /api/v1/password_resets and POST /brand/api/v1/brand-members/password ({email}, the route's door): records
   * the request for the worker. A malformed address is a 422; every well-formed one gets the same answer.
   */
  async function request(ctx: Ctx, input: UserPasswordResetRequestInput & { door?: ResetDoor }): Promise<void> {
    const door: ResetDoor = input.door === 'brand' ? 'brand' : 'user';
    const { email } = parseInput(userPasswordResetRequestSchema, input);
    await ctx.em.execute(`INSERT INTO password_reset_requests (door, email) VALUES (?, ?) ON CONFLICT (door, email) DO NOTHING`, [
      door,
      email,
    ]);
  }

  /** The worker's job: handles the queued requests, oldest first, one transaction each. Returns how many. */
  async function deliverDue(options: { limit?: number } = {}): Promise<number> {
    const limit = options.limit ?? 50;
    let handled = 0;
    while (handled < limit) {
      const done = await transaction(orm.em.fork(), async (tx) => {
        const rows = await tx.execute<{ door: ResetDoor; email: string }[]>(
          `DELETE FROM password_reset_requests WHERE id = (
             SELECT id FROM password_reset_requests ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
           ) RETURNING door, email`,
        );
        const row = rows[0];
        if (!row) return false;
        // In a savepoint: a request that fails is logged and dropped (the person can ask again), never retried for
        // ever ahead of the others.
        try {
          await transaction(tx, (inner) => doors[row.door].mailPasswordReset(new Ctx(inner, orm.em, GUEST, log), { email: row.email }));
        } catch (error) {
          log.error({ err: error, door: row.door }, 'password reset request failed');
        }
        return true;
      });
      if (!done) break;
      handled += 1;
    }
    return handled;
  }

  return { request, deliverDue };
}

export type PasswordResetsService = ReturnType<typeof createPasswordResetsService>;
