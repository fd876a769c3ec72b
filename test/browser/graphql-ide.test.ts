import type { Browser, Page } from 'playwright-core';
import { adminToken } from '../../src/auth/dev-tokens';
import { type BrowserRig, developmentRig, offlinePage, screenshot } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/test-app';

// GraphiQL at /graphql: served from our build in development, token filled in, queries over HTTP
// and subscriptions over graphql-ws; nothing loaded from outside the service.
let rig: BrowserRig;
let t: TestApp;
let browser: Browser;
let org: string;

beforeAll(async () => {
  rig = await developmentRig();
  ({ t, browser } = rig);
  const made = await t.api.post<{ id: string }>(
    '/api/v1/organization',
    { name: 'IDE Company', alias: 'ide', ownerEmail: 'ida@example.com' },
    adminToken(t.app.config, 300),
  );
  expect(made.status).toBe(201);
  org = made.body.id;
}, 120_000);

afterAll(() => rig?.close());

/** Replaces the query editor's text (inserted as typed text would be, without auto-closed brackets). */
async function setQuery(page: Page, query: string): Promise<void> {
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(query);
  // GraphiQL reads the operation's name from the text after a pause; running before it would send the old one.
  await page.waitForTimeout(700);
}

/** Signs the console in (its stored token), which the IDE fills in. */
async function storeConsoleToken(page: Page, token: string): Promise<void> {
  await page.goto(`${t.app.url}/console/session`);
  // Runs in the page: the browser's localStorage, not Node's (hence the string).
  await page.evaluate(`localStorage.setItem('talent-directory.token', ${JSON.stringify(token)})`);
}

const result = (page: Page) => page.locator('.graphiql-response');

describe('GraphQL IDE at /graphql', () => {
  it('opens offline with a development token filled in and runs a query', async () => {
    const { page, outside, errors } = await offlinePage(browser, t.app.url);
    await storeConsoleToken(page, adminToken(t.app.config, 600, org));
    await page.goto(`${t.app.url}/graphql`);
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    const headers = page.locator('.monaco-editor[data-uri$="headers.json"] .view-lines').filter({ hasText: 'Bearer' });
    await headers.waitFor();
    // Monaco draws spaces as no-break spaces, which \s matches.
    expect(await headers.innerText()).toMatch(/"Authorization":\s"Bearer\sey/);

    await setQuery(page, '{ organization { name alias } }');
    await page.locator('.graphiql-execute-button').click();
    await result(page).getByText('IDE Company').waitFor({ timeout: 15_000 });
    expect(await result(page).innerText()).toMatch(/"alias":\s"ide"/);
    await screenshot(page, 'graphql-ide-query');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('runs a subscription over graphql-ws and shows the changes it receives', async () => {
    const { page, errors } = await offlinePage(browser, t.app.url);
    await storeConsoleToken(page, adminToken(t.app.config, 600, org));
    const sockets: string[] = [];
    let subscribed!: () => void;
    const subscribeSent = new Promise<void>((resolve) => (subscribed = resolve));
    page.on('websocket', (socket) => {
      sockets.push(socket.url());
      socket.on('framesent', (frame) => String(frame.payload).includes('"subscribe"') && subscribed());
    });
    await page.goto(`${t.app.url}/graphql`);
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    await setQuery(page, 'subscription { changes(eventType: "group.*") { type objectId } }');
    await page.locator('.graphiql-execute-button').click();
    await subscribeSent;
    await page.waitForTimeout(300); // graphql-ws acknowledges no single subscription: give the server time to start it
    const made = await t.api.post<{ id: string }>(
      '/api/v1/group',
      { name: 'Watchers' },
      adminToken(t.app.config, 300, org),
    );
    expect(made.status).toBe(201);
    await result(page).getByText(made.body.id).waitFor({ timeout: 15_000 });
    expect(await result(page).innerText()).toContain('group.post');
    expect(sockets).toEqual([`${t.app.url.replace('http', 'ws')}/graphql`]);
    await screenshot(page, 'graphql-ide-subscription');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is a development page: GraphQL requests and other environments get GraphQL answers', async () => {
    const json = await t.api.request('GET', '/graphql?query=%7B__typename%7D', {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(json.body).toEqual({ data: { __typename: 'Query' } });
    const page = await t.api.request('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(page.text).toMatch(/<div id="ide">/);

    const production = await startTestApp({ NODE_ENV: 'test' });
    try {
      const refused = await production.api.request('GET', '/graphql', { headers: { accept: 'text/html' } });
      expect(refused.text).not.toMatch(/<div id="ide">/);
      expect(refused.status).toBe(400);
    } finally {
      await production.close();
    }
  });
});
