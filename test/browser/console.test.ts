import type { Browser, Page } from 'playwright-core';
import { adminToken, signToken } from '../../src/auth/dev-tokens';
import { seedDemo } from '../../src/demo/seed-demo';
import { type BrowserRig, developmentRig, offlinePage, screenshot } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/test-app';

// The console at `/`, driven in Chromium against a development start (generated secret, so the
// development sign-in is offered), with the demo organization seeded.
let rig: BrowserRig;
let t: TestApp;
let browser: Browser;
let demo: string;

beforeAll(async () => {
  rig = await developmentRig();
  ({ t, browser } = rig);
  ({ organization: demo } = await seedDemo(t.app.url, (org) => adminToken(t.app.config, 300, org)));
}, 120_000);

afterAll(() => rig?.close());

/** Opens the console and signs in as the development user (acting in the demo organization). */
async function signedIn(): Promise<{ page: Page; outside: string[]; errors: string[]; frames: string[] }> {
  const opened = await offlinePage(browser, t.app.url);
  const frames: string[] = [];
  opened.page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await opened.page.goto(`${t.app.url}/`);
  await opened.page.getByTestId('dev-sign-in').click();
  await opened.page.getByTestId('question-input').waitFor();
  return { ...opened, frames };
}

describe('console at /', () => {
  it('asks the agent and shows the reply streamed over graphql-ws, with its sources as links', async () => {
    const { page, outside, errors, frames } = await signedIn();
    await page.getByTestId('org-switch').or(page.getByTestId('org-name')).first().waitFor();
    expect(await page.locator('header').innerText()).toContain('Demo Company');

    await page.getByTestId('question-input').fill('How many days of annual leave do I get?');
    await page.getByTestId('ask').click();
    const answer = page.getByTestId('answer').first();
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.innerText()).toMatch(/25 days of annual leave/);
    // The reply arrived in pieces over the page's socket before the stored message.
    const updates = frames
      .map((f) => JSON.parse(f) as { type: string; payload?: { data?: { conversationUpdates?: { kind: string } } } })
      .filter((m) => m.type === 'next' && m.payload?.data?.conversationUpdates);
    const kinds = updates.map((m) => m.payload!.data!.conversationUpdates!.kind);
    expect(kinds.filter((k) => k === 'CHUNK').length).toBeGreaterThan(2);
    expect(kinds.lastIndexOf('CHUNK')).toBeLessThan(kinds.lastIndexOf('MESSAGE'));
    const link = answer.getByTestId('sources').locator('a').first();
    expect(await link.innerText()).toMatch(/Annual Leave/);
    expect(await link.getAttribute('href')).toMatch(/^\/api\/v1\/agent\/knowledge\/[0-9a-f-]{36}$/);
    // The citation opens in the console (the API needs the token a plain link cannot send).
    await link.click();
    await page
      .getByTestId('citation-text')
      .getByText(/25 days of annual leave a year/)
      .waitFor();
    await screenshot(page, 'console-citation');
    await page.getByTestId('citation').getByRole('button', { name: 'Close' }).click();

    // The conversation is listed, found by a word of its messages, and hidden by a search that matches nothing.
    const list = page.getByTestId('conversations');
    await list.getByText('How many days of annual leave').waitFor();
    await page.getByTestId('conversation-search').fill('entitlement');
    await list.getByText('How many days of annual leave').waitFor();
    await page.getByTestId('conversation-search').fill('zebra crossing');
    await page.getByText('No conversation matches.').waitFor();
    await page.getByTestId('conversation-search').fill('');
    await list.getByText('How many days of annual leave').waitFor();

    await screenshot(page, 'console-chat');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a change in the live feed when one is made through REST', async () => {
    const { page, errors } = await signedIn();
    await page.waitForTimeout(500); // the feed's subscription starts after the page is drawn
    const made = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Feed Tester', email: 'feed.tester@example.com' },
      adminToken(t.app.config, 300, demo),
    );
    expect(made.status).toBe(201);
    const change = page.getByTestId('changes').locator(`[data-type="employee.post"]`).filter({ hasText: made.body.id });
    await change.waitFor({ timeout: 15_000 });
    await screenshot(page, 'console-changes');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('signs in with a pasted token, refuses a bad one, and links to the REST reference and the IDE', async () => {
    const { page, errors } = await offlinePage(browser, t.app.url);
    await page.goto(`${t.app.url}/`);
    await page.getByTestId('token-input').fill('not-a-token');
    await page.getByTestId('sign-in').click();
    await page
      .getByRole('alert')
      .getByText(/Sign-in failed/)
      .waitFor();

    const stranger = signToken(t.app.config, { sub: 'nobody', email: 'nobody@example.com' }, 600);
    await page.getByTestId('token-input').fill(stranger);
    await page.getByTestId('sign-in').click();
    await page
      .getByRole('alert')
      .getByText(/acts in no organization/)
      .waitFor();

    const ana = signToken(t.app.config, { sub: 'ana', email: 'ana@example.com', name: 'Ana', org: demo }, 600);
    await page.getByTestId('token-input').fill(ana);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('org-name').getByText('Demo Company').waitFor();
    expect(await page.locator('header').innerText()).toContain('ana@example.com');
    expect(await page.getByRole('link', { name: /REST API/ }).getAttribute('href')).toBe('/docs');
    expect(await page.getByTestId('ide-link').getAttribute('href')).toBe('/graphql');
    await screenshot(page, 'console-signed-in');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('development sign-in', () => {
  it('mints a token only for a development start with a generated secret, and checks the organization', async () => {
    expect((await t.api.get<{ devSignIn: boolean }>('/console/session')).body.devSignIn).toBe(true);
    const bad = await t.api.post<string>('/console/dev-token', { org: 'demo' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/^org: /);
    const good = await t.api.post<{ token: string }>('/console/dev-token', { org: demo });
    expect(good.status).toBe(200);
    const me = await t.api.post<{ data: { organization: { id: string } } }>(
      '/graphql',
      { query: '{ organization { id } }' },
      good.body.token,
    );
    expect(me.body.data.organization.id).toBe(demo);

    // A configured secret (the test default) or production: nothing to sign in with.
    const configured = await startTestApp({ NODE_ENV: 'development' });
    try {
      expect((await configured.api.get<{ devSignIn: boolean }>('/console/session')).body.devSignIn).toBe(false);
      expect((await configured.api.post('/console/dev-token', {})).status).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
