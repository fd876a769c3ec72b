import { type ModuleFixtures, type Objects, type Row, unique } from './fixtures';

export const APP_TYPE = 'crm';
export const APP_SECRET = { key: 'token', value: 's3cret' };

/** An app as its maker answers it. */
export interface MadeApp {
  id: string;
  externalId: string;
}

/** The id of the cell's app. */
export const appId = async (o: Objects) => (await o.get<MadeApp>('app')).id;

/** The type of an app of the organization: look-ups by type search for one that exists. */
export async function appType(o: Objects): Promise<string> {
  await o.get('app');
  return APP_TYPE;
}

// prettier-ignore
const rows: Row[] = [
  // route                                                    none  exp other EMP  MGR   OA token ADMIN
  ['GET /app',                                                401, 401, 200, 200, 200, 200, 200, 200],
  ['POST /app',                                               401, 401, 201, 403, 403, 201, 403, 201],
  ['GET /app/by-type/:type',                                  401, 401, 200, 200, 200, 200, 200, 200],
  ['GET /app/by-type-id/:type/:id',                           401, 401, 404, 200, 200, 200, 200, 200],
  ['GET /app/:app',                                           401, 401, 404, 200, 200, 200, 200, 200],
  ['PATCH /app/:app',                                         401, 401, 404, 403, 403, 200, 403, 200],
  ['DELETE /app/:app',                                        401, 401, 404, 403, 403, 200, 403, 200],
];

export const fixtures: ModuleFixtures = {
  rows,
  objects: {
    app: (_o, w) =>
      w.created<MadeApp>('/app', {
        type: APP_TYPE,
        externalId: unique('ext'),
        internal: false,
        name: 'CRM',
        appData: { region: 'eu' },
        secretData: { [APP_SECRET.key]: APP_SECRET.value },
      }),
  },
  async param(name, _route, o) {
    if (name === 'app') return appId(o);
    if (name === 'type') return appType(o);
    if (name === 'id') return (await o.get<MadeApp>('app')).externalId;
  },
  bodies: {
    'POST /app': () => ({ type: APP_TYPE, externalId: unique('ext'), internal: false, name: 'CRM' }),
    'PATCH /app/:app': () => ({ name: 'Renamed CRM' }),
  },
};
