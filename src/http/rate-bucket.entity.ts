import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One caller's token bucket of one limit, shared by every instance on a PostgreSQL server
 * (pg-buckets.ts, which reads and writes it with its own statements). An entity only so that the
 * migration check knows the table: no code loads it, and it has no GraphQL type. The table is
 * UNLOGGED (its migration): a take writes no WAL and needs no flush to disk, and a crash or a
 * failover that empties it only fills every bucket.
 */
@Entity({ tableName: 'rate_bucket' })
export class RateBucket {
  /** `<limit>:<caller>`: the caller is a hash of its bearer token, its client address, or an actor id. */
  @PrimaryKey({ type: 'text' })
  key!: string;

  /** What the bucket held at refilledAt. */
  @Property({ type: 'double' })
  tokens!: number;

  /** When the bucket was last refilled, by the database's clock. */
  @Property({ type: 'timestamptz' })
  refilledAt!: Date;

  /** Whether the last take fitted: the answer of the take statement, which sees only the row it wrote. */
  @Property({ type: 'boolean' })
  took!: boolean;
}
