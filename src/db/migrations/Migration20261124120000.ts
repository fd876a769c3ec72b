import { Migration } from '@mikro-orm/migrations';

export class Migration20261124120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "account" drop constraint "account_subject_unique";`);

    this.addSql(`alter table "account" add column "issuer" text null;`);
    this.addSql(`alter table "account" add constraint "account_subject_issuer_unique" unique ("subject", "issuer");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "account" drop constraint "account_subject_issuer_unique";`);
    this.addSql(`alter table "account" drop column "issuer";`);

    this.addSql(`alter table "account" add constraint "account_subject_unique" unique ("subject");`);
  }

}
