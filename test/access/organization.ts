import type { OrgRecord } from '../helpers/fixtures';
import { APP_SECRET, appType, type MadeApp } from './app';
import { type ModuleFixtures, PREFERENCES, type Row, unique } from './fixtures';

const PROFILE = { mission: 'Grow people' };

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /organization',                                       401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization',                                      401, 401, 201, 201, 201, 201, 400, 201],
  ['PATCH /organization',                                     401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /organization/profile',                               401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization/profile',                              401, 401, 201, 403, 403, 201, 403, 201],
  ['PATCH /organization/profile',                             401, 401, 200, 403, 403, 200, 403, 200],
  ['POST /organization/keys',                                 401, 401, 201, 403, 403, 201, 403, 201],
  ['DELETE /organization/keys/:key',                          401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/preferences/:namespace',                401, 401, 200, 200, 200, 200, 200, 200],
  ['PUT /organization/preferences/:namespace',                401, 401, 200, 403, 403, 200, 403, 200],
  ['GET /organization/alias/:alias',                          401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /organization/by-app/:type',                          401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /organization/by-app-id/:type/:externalId',           401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /organization/by-app-data/:type/:key/:value',         401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /organization/by-app-secret/:type/:key',             401, 401, 403, 403, 403, 403, 403, 200],
  ['GET /organization/:organization',                         401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /organization/:organization',                       401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/:organization/profile',                 401, 401, 404, 200, 200, 200, 200, 200],
  ['POST /organization/:organization/profile',                401, 401, 404, 403, 403, 201, 403, 201],
  ['PATCH /organization/:organization/profile',               401, 401, 404, 403, 403, 200, 403, 200],
  ['GET /organization/:organization/preferences/:namespace',  401, 401, 404, 200, 200, 200, 200, 200],
  ['PUT /organization/:organization/preferences/:namespace',  401, 401, 404, 403, 403, 200, 403, 200],
  ['POST /organization/:organization/keys',                   401, 401, 404, 403, 403, 201, 403, 201],
  ['DELETE /organization/:organization/keys/:key',            401, 401, 404, 403, 403, 200, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: {
    orgKey: async (_o, w) =>
      (await w.created<OrgRecord>('/organization/keys', { name: unique('key') })).keys.find((k) => k.secretBase64)!.id,
  },
  async param(name, route, o, w) {
    switch (name) {
      case 'alias':
        return w.org.alias;
      case 'type':
        return appType(o);
      case 'externalId':
        return (await o.get<MadeApp>('app')).externalId;
      case 'value':
        // The app's appData has region = eu, its secretData token = s3cret.
        return 'eu';
      case 'key':
        if (!route.path.includes('/by-app-')) return o.get('orgKey');
        return route.path.includes('secret') ? APP_SECRET.key : 'region';
    }
  },
  bodies: {
    'POST /organization': () => ({ name: unique('Org') }),
    'PATCH /organization': () => ({ name: unique('Renamed') }),
    'POST /organization/profile': () => PROFILE,
    'PATCH /organization/profile': () => PROFILE,
    'POST /organization/keys': () => ({ name: unique('key') }),
    'PUT /organization/preferences/:namespace': () => PREFERENCES,
    'POST /organization/by-app-secret/:type/:key': () => ({ secret: APP_SECRET.value }),
    'PATCH /organization/:organization': () => ({ name: unique('Renamed') }),
    'POST /organization/:organization/profile': () => PROFILE,
    'PATCH /organization/:organization/profile': () => PROFILE,
    'PUT /organization/:organization/preferences/:namespace': () => PREFERENCES,
    'POST /organization/:organization/keys': () => ({ name: unique('key') }),
  },
};
