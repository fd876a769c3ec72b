import { Migration } from '@mikro-orm/migrations';

/**
 * Employees' stored name words folded as the agent folds a question's words (common/fold-name.ts):
 * decomposed, without every mark and modifier letter ("Hải" is "hai", "ʻAna" "ana"), and the
 * letters with a mark of their own made plain ("Đặng" is "dang", "Æ" "ae"), so that a name typed
 * without them is found (the translate() table before missed Vietnamese letters such as "ị", "ộ").
 */
export class Migration20261128135518 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop index "employee_name_words_index";`);
    this.addSql(`alter table "employee" drop column "name_words";`);
    this.addSql(`alter table "employee" add column "name_words" text[] generated always as (regexp_split_to_array(lower(translate(replace(replace(replace(replace(replace(replace(replace(regexp_replace(normalize("name", NFD), '[\\u02b0-\\u02ff\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', '', 'g'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ß', 'ss'), 'þ', 'th'), 'Þ', 'th'), 'đĐðÐħĦŧŦıIłŁøØŀĿƀɃɨƗʉɄ', 'ddddhhttiilloollbbiiuu')), '[[:space:][:punct:]’‘]+')) stored null;`);
    this.addSql(`create index "employee_name_words_index" on "employee" using gin ("name_words") with (fastupdate = off);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "employee_name_words_index";`);
    this.addSql(`alter table "employee" drop column "name_words";`);
    this.addSql(`alter table "employee" add column "name_words" text[] generated always as (regexp_split_to_array(lower(translate("name", 'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤìÌíÍîÎïÏĩĨīĪĭĬįĮıIĵĴķĶĺĹļĻľĽñÑńŃņŅňŇòÒóÓôÔõÕöÖōŌŏŎőŐøØŕŔŗŖřŘśŚŝŜşŞšŠţŢťŤùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽłŁ', 'aaaaaaaaaaaaaaaaaaccccccccccddđđeeeeeeeeeeeeeeeeeegggggggghhiiiiiiiiiiiiiiiiıijjkkllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzll')), '[[:space:][:punct:]’‘]+')) stored null;`);
    this.addSql(`create index "employee_name_words_index" on "employee" using gin ("name_words") with (fastupdate = off);`);
  }

}
