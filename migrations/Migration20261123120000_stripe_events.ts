import { Migration } from '@mikro-orm/migrations';

// The Stripe webhook's seen events (src/modules/payments/stripe-events.entity.ts), one row per event id.
export class Migration20261123120000_stripe_events extends Migration {
  override name = 'Migration20261123120000_stripe_events';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "stripe_events" ("id" varchar(255) not null, "type" varchar(100) not null, "object_id" varchar(255) null, "outcome" varchar(32) not null, "processed_at" timestamptz not null default now(), constraint "stripe_events_pkey" primary key ("id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stripe_events" cascade;`);
  }
}
