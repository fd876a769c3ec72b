import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetadataStorage, UnderscoreNamingStrategy } from '@mikro-orm/core';
import { ENTITIES } from '../src/modules';
import { EVENT_OBJECTS, PARTS } from '../src/events/event-objects';

// Change capture sees only what goes through the unit of work (entities and flush): a native
// update or a raw SQL write to the table of an object whose changes are events, or of a row
// that is part of one, would change it with no event (the review found account sign-in binding
// written so). This reads the sources for such writes; the writes it finds to other tables are
// listed with why they are not change events (docs/events-and-webhooks.md, "Writes that are not events").

const SRC = join(__dirname, '..', 'src');
const MIGRATIONS = join(SRC, 'db', 'migrations');

function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === MIGRATIONS ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Tables written outside the unit of work on purpose, and why they are not change events. */
const NOT_EVENTS: Record<string, string> = {
  webhook_delivery: 'deliveries record how events were sent; an event of them would be sent in turn',
  webhook_attempt: 'attempts of a delivery, the same',
  change_event: 'the outbox itself (the relay stamps and prunes it)',
  rate_bucket: 'rate-limit state, no record of the API',
  workflow_run: 'the hourly ledger of workflow runs the quotas count, rate state too (a run shows on its workflow)',
};

const naming = new UnderscoreNamingStrategy();
const metas = Object.values(MetadataStorage.getMetadata()).filter((meta) =>
  ENTITIES.some((entity) => entity === meta.class),
);
const tableOf = (meta: { className: string; tableName?: string; collection?: string }) =>
  meta.tableName ?? meta.collection ?? naming.classToTableName(meta.className);
/** Entities whose changes are events, their own or their owner's. */
const tracked = metas.filter((meta) => EVENT_OBJECTS.has(meta.class as never) || PARTS.has(meta.class as never));

// SQL that writes a table (in a string: `on conflict do update` writes the table inserted into),
// and the ORM's writes that bypass the unit of work.
const STRING = /`[^`]*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
const SQL_WRITE =
  /\b(?:insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+"?(\w+)"?(?:\s+as\s+\w+)?\s+(?:\(|set\b|select\b|values\b|where\b|using\b)/gi;
const NATIVE_WRITE = /\.(?:nativeUpdate|nativeDelete|nativeInsert|insertMany|upsert|upsertMany)\s*\(\s*([A-Za-z_]\w*)/g;

function writes(): { file: string; target: string }[] {
  return sources().flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    const file = relative(SRC, path);
    return [
      ...(text.match(STRING) ?? []).flatMap((literal) =>
        [...literal.matchAll(SQL_WRITE)].map((m) => ({ file, target: m[1].toLowerCase() })),
      ),
      ...[...text.matchAll(NATIVE_WRITE)].map((m) => ({ file, target: `entity ${m[1]}` })),
    ];
  });
}

describe('writes outside the unit of work', () => {
  it('knows the tables of the objects whose changes are events', () => {
    expect(tracked.map(tableOf)).toEqual(expect.arrayContaining(['account', 'employee', 'employee_group', 'idp']));
  });

  it('never touch an object whose changes are events, nor a part of one', () => {
    const trackedTables = new Set(tracked.map(tableOf));
    const trackedClasses = new Set(tracked.map((meta) => `entity ${meta.className}`));
    const bypassing = writes().filter((w) => trackedTables.has(w.target) || trackedClasses.has(w.target));
    expect(bypassing).toEqual([]);
  });

  it('go only to tables listed with why they are not change events', () => {
    const found = writes();
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((w) => !(w.target in NOT_EVENTS))).toEqual([]);
  });
});
