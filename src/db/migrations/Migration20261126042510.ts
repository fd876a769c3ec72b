import { Migration } from '@mikro-orm/migrations';

/**
 * Token buckets of the rate limits, shared by every instance on one PostgreSQL server
 * (src/http/pg-buckets.ts). UNLOGGED: a take writes no WAL and waits for no flush, and a crash or
 * a failover that empties the table only fills every bucket again. The migration check compares
 * columns and keys, which the entity (src/http/rate-bucket.entity.ts) declares the same.
 */
export class Migration20261126042510 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create unlogged table "rate_bucket" ("key" text not null, "tokens" double precision not null, "refilled_at" timestamptz not null, "took" boolean not null, constraint "rate_bucket_pkey" primary key ("key"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_bucket" cascade;`);
  }

}
