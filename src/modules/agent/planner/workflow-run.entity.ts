import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A workflow run admitted against the hourly run quotas (workflow-quotas.ts, which reads and
 * writes it with its own statements): what "runs in the last hour" counts, per user and per
 * organization. An entity only so that the migration check knows the table: no code loads it and
 * it has no GraphQL type. Plain ids, no foreign keys: deleting a workflow must not give its runs
 * back to the quota, and rows older than an hour are deleted as runs are admitted.
 */
@Entity({ tableName: 'workflow_run' })
@Index({ properties: ['organizationId', 'startedAt'] })
export class WorkflowRun {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'uuid' })
  organizationId!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'uuid' })
  workflowId!: string;

  /** The pg-boss job of the run: a retried job (its process died) is admitted once. */
  @Property({ type: 'uuid', unique: true })
  jobId!: string;

  /** When it was admitted, by the database's clock. */
  @Property({ type: 'timestamptz' })
  startedAt!: Date;
}
