// Demo data for `npm start` on an empty embedded database and `npm run cli -- db:seed`.
import { Seeder } from '@mikro-orm/seeder';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../src/modules/users/users.entity';
import { hashPassword } from '../src/lib/password';
import { DEMO_PASSWORD } from './demo-accounts';

export class DatabaseSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    em.create(User, { name: '運営 管理者', email: 'admin@example.com', passwordHash, role: 'ADMIN' });
    em.create(User, { name: '山田 はるか', email: 'host@example.com', passwordHash, role: 'HOST' });
    em.create(User, { name: '佐藤 ゆうき', email: 'guest@example.com', passwordHash, role: 'USER' });
    em.create(User, { name: '鈴木 工房', email: 'ambassador@example.com', passwordHash, role: 'HOST' });
    await em.flush();
  }
}
