import type { Client } from 'pg';
import { GENERAL, THEMES } from './vocabulary';

/**
 * Bulk seeding by copying a template row that the service itself wrote: every column keeps the
 * template's value unless an override (an SQL expression over the series variables) replaces it.
 * So the copies are rows the service would write, and a column added later needs no change here.
 */
export async function cloneRows(
  db: Client,
  table: string,
  templateId: string,
  series: string,
  overrides: Record<string, string>,
): Promise<number> {
  const { rows } = await db.query<{ column_name: string }>(
    // Generated columns (stored search words) are computed by PostgreSQL and cannot be written.
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  if (!rows.length) throw new Error(`no table ${table}`);
  const unknown = Object.keys(overrides).filter((c) => !rows.some((r) => r.column_name === c));
  if (unknown.length) throw new Error(`${table} has no column ${unknown.join(', ')}`);
  const columns = rows.map((r) => `"${r.column_name}"`).join(', ');
  const values = rows.map((r) => overrides[r.column_name] ?? `t."${r.column_name}"`).join(', ');
  const sql = `insert into "${table}" (${columns}) select ${values} from "${table}" t, ${series} where t.id = $1`;
  // The word lists are parameters only of statements that use them (see wordsSql).
  const result = await db.query(sql, sql.includes('$2') ? [templateId, THEMES.flat(), GENERAL] : [templateId]);
  return result.rowCount ?? 0;
}

/** A stable id for the n-th copy: the same seed gives the same id, so copies can point at each other. */
export function idOf(kind: string, ...parts: string[]): string {
  return `md5('${kind}-' || ${parts.join(` || '-' || `)})::uuid`;
}

/**
 * SQL for `count` words on the theme `theme` (an SQL integer expression), seeded by `seed`: three
 * in ten from the theme, the rest general. Uses the parameters $2 (theme words) and $3 (general).
 */
export function wordsSql(seed: string, theme: string, count: number): string {
  const width = THEMES[0].length;
  return `array_to_string(array(
    select case when abs(hashtext(${seed} || '/' || j)) % 10 < 3
      then ($2::text[])[(${theme}) % ${THEMES.length} * ${width} + 1 + abs(hashtext(${seed} || '+' || j)) % ${width}]
      else ($3::text[])[1 + abs(hashtext(${seed} || '*' || j)) % ${GENERAL.length}] end
    from generate_series(1, ${count}) j), ' ')`;
}
