import { Migration } from '@mikro-orm/migrations';

/**
 * Employees' names as stored folded words with a GIN index, so the agent finds the people a question
 * names without splitting and folding every name per question (common/search-expressions.ts).
 */
export class Migration20261127145924 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "employee" add column "name_words" text[] generated always as (regexp_split_to_array(lower(translate("name", 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤìÌíÍîÎïÏĩĨīĪĭĬįĮıIĵĴķĶĺĹļĻľĽñÑńŃņŅňŇòÒóÓôÔõÕöÖōŌŏŎőŐøØŕŔŗŖřŘśŚŝŜşŞšŠţŢťŤùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽłŁ', 'aaaaaaaaaaaaaaaaaaccccccccccddđđeeeeeeeeeeeeeeeeeegggggggghhiiiiiiiiiiiiiiiiıijjkkllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzll')), '[[:space:][:punct:]’‘]+')) stored null;`);
    this.addSql(`create index "employee_name_words_index" on "employee" using gin ("name_words") with (fastupdate = off);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "employee_name_words_index";`);
    this.addSql(`alter table "employee" drop column "name_words";`);
  }

}
