import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetadataStorage } from '@mikro-orm/core';
import { getMetadataStorage } from 'type-graphql';
import { ENTITIES, MODULES, RESOLVERS, ROUTES } from '../src/modules';
import { EVENT_OBJECTS, PARTS } from '../src/events/event-objects';
import { OrganizationOwned } from '../src/modules/organization/organization-owned';

// The module list (src/modules/index.ts) is the one place a module is registered: these checks
// fail, naming what is missing, when a folder, an entity or a resolver is left out of it.
const MODULES_DIR = join(__dirname, '..', 'src', 'modules');

/** Every file under src/modules whose name ends with one of `suffixes`. */
function filesEnding(suffixes: string[], dir = MODULES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesEnding(suffixes, path);
    return suffixes.some((suffix) => entry.name.endsWith(suffix)) ? [path] : [];
  });
}

const names = (classes: readonly { name: string }[]) => classes.map((c) => c.name).sort();

describe('the module list', () => {
  it('has one descriptor for each folder under src/modules, named after it', () => {
    const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it('gives the ORM every entity and embeddable the modules declare', () => {
    for (const file of filesEnding(['.entity.ts', '.embeddable.ts', '-owned.ts'])) require(file);
    const declared = Object.values(MetadataStorage.getMetadata()).map((meta) => meta.className);
    const missing = [...new Set(declared)].filter((name) => !ENTITIES.some((entity) => entity.name === name));
    expect(missing).toEqual([]);
  });

  it('declares the organization relation once: every entity that belongs to an organization extends OrganizationOwned', () => {
    // The tenant filter keys on the `organization` relation; declaring it once keeps its column,
    // cascade and index the same for every table, so a new entity cannot get it subtly wrong.
    // The exceptions are the knowledge counters, whose primary key *is* the organization (one row
    // per organization and word): they have no id of their own to inherit.
    const KEYED_BY_ORGANIZATION = ['KnowledgeCorpus', 'KnowledgeTerm'];
    const declaring = Object.values(MetadataStorage.getMetadata()).filter(
      (meta) => meta.properties.organization?.kind === 'm:1',
    );
    expect(names(declaring.map((meta) => ({ name: meta.className })))).toEqual(
      ['OrganizationOwned', ...KEYED_BY_ORGANIZATION].sort(),
    );
    const owned = ENTITIES.filter((entity) => entity.prototype instanceof OrganizationOwned);
    expect(owned.length).toBeGreaterThanOrEqual(18);
  });

  it('builds the schema from every resolver the modules declare', () => {
    for (const file of filesEnding(['.resolver.ts'])) require(file);
    const declared = getMetadataStorage().resolverClasses.map((meta) => meta.target.name);
    const listed = names(RESOLVERS.map((entry) => entry.type));
    expect([...new Set(declared)].filter((name) => !listed.includes(name))).toEqual([]);
    // ... and lists each once.
    expect(listed).toEqual([...new Set(listed)]);
  });

  it('routes each method and path once', () => {
    const keys = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('keeps each module’s routes in its own folder: a route’s file is named after its module', () => {
    for (const file of filesEnding(['.routes.ts'])) {
      const folder = relative(MODULES_DIR, file).split('/')[0];
      expect(file.endsWith(`${folder}.routes.ts`)).toBe(true);
    }
  });

  it('announces changes of the event objects and parts the entities declare, each of a listed entity', () => {
    expect([...EVENT_OBJECTS.values()]).toEqual(
      expect.arrayContaining(['organization', 'employee', 'idp', 'workflow', 'webhookKey']),
    );
    for (const [entity, part] of PARTS) {
      expect(ENTITIES).toContain(entity);
      expect(EVENT_OBJECTS.has(part.owner)).toBe(true);
    }
    for (const entity of EVENT_OBJECTS.keys()) expect(ENTITIES).toContain(entity);
  });
});
