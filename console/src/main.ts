import './style.css';
import { Api, ApiError } from './api';
import { changeFeed } from './changes';
import { chatPanel } from './chat';
import { conversationList } from './conversations';
import { fill, h } from './dom';
import { claimsOf, devSignInOffered, devToken, storedToken } from './session';

interface Organization {
  id: string;
  name: string;
  alias: string;
}

const root = document.getElementById('app')!;

/** The links every view shows: the REST reference, the GraphQL IDE and the guides. */
function links(): HTMLElement {
  return h(
    'nav',
    { class: 'links' },
    h('a', { href: '/docs', target: '_blank' }, 'REST API (/docs)'),
    h('a', { href: '/graphql', target: '_blank', 'data-testid': 'ide-link' }, 'GraphQL IDE'),
    h('a', { href: '/console/guides', target: '_blank' }, 'Guides'),
  );
}

/** The sign-in page: paste a token, or in development sign in as the development administrator. */
async function showSignIn(message?: string): Promise<void> {
  const token = h('textarea', {
    id: 'token',
    rows: 4,
    placeholder: 'Paste a token (npm run token -- --email ana@example.com --org demo)',
    'data-testid': 'token-input',
  });
  const error = h('p', { class: 'error', role: 'alert' }, message ?? '');
  const signIn = (value: string) => {
    if (!value.trim()) {
      error.textContent = 'Paste a token first.';
      return;
    }
    storedToken.set(value.trim());
    void start();
  };
  const form = h(
    'form',
    { class: 'sign-in', onsubmit: (event: Event) => (event.preventDefault(), signIn(token.value)) },
    h('h1', {}, 'Talent directory'),
    h('label', { for: 'token' }, 'Token'),
    token,
    h('div', { class: 'actions' }, h('button', { type: 'submit', 'data-testid': 'sign-in' }, 'Sign in')),
    error,
    links(),
  );
  fill(root, form);
  if (await devSignInOffered()) {
    const dev = h(
      'button',
      { type: 'button', class: 'secondary', 'data-testid': 'dev-sign-in' },
      'Sign in as the development user',
    );
    dev.addEventListener('click', () => devToken().then(signIn, (e: Error) => (error.textContent = e.message)));
    form.querySelector('.actions')!.append(dev);
  }
}

/** The organizations a platform administrator can act in; the demo one first. */
async function organizations(api: Api): Promise<Organization[]> {
  const { organizations } = await api.query<{ organizations: { nodes: Organization[] } }>(
    '{ organizations { nodes { id name alias } } }',
  );
  return organizations.nodes.sort(
    (a, b) => Number(b.alias === 'demo') - Number(a.alias === 'demo') || a.name.localeCompare(b.name),
  );
}

/**
 * A development administrator's token names no organization: it is re-minted for the first one
 * (the demo organization when seeded) so that the agent and the lists have somewhere to work.
 */
async function actingToken(token: string, dev: boolean): Promise<{ token: string; orgs: Organization[] }> {
  if (!dev) return { token, orgs: [] };
  const orgs = await organizations(new Api(token));
  if (claimsOf(token).org || !orgs.length) return { token, orgs };
  const acting = await devToken(orgs[0].id);
  storedToken.set(acting);
  return { token: acting, orgs };
}

let current: Api | undefined;

async function start(): Promise<void> {
  current?.close();
  const saved = storedToken.get();
  if (!saved) return showSignIn();
  const claims = claimsOf(saved);
  const dev = claims.roles?.includes('ADMIN') === true && (await devSignInOffered());
  let api: Api;
  let orgs: Organization[];
  let organization: Organization;
  try {
    const acting = await actingToken(saved, dev);
    api = new Api(acting.token);
    orgs = acting.orgs;
    organization = (await api.query<{ organization: Organization }>('{ organization { id name alias } }')).organization;
  } catch (error) {
    storedToken.clear();
    const noOrg = error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT');
    return showSignIn(
      noOrg
        ? 'This token acts in no organization. Run `npm run seed:demo`, or sign in with a token of an organization member.'
        : `Sign-in failed: ${(error as Error).message}`,
    );
  }
  current = api;

  const switcher =
    orgs.length > 1
      ? h(
          'select',
          {
            'aria-label': 'Organization',
            'data-testid': 'org-switch',
            onchange: (event: Event) => switchTo((event.target as HTMLSelectElement).value),
          },
          ...orgs.map((o) =>
            h('option', { value: o.id, selected: o.id === organization.id }, `${o.name} (${o.alias})`),
          ),
        )
      : h('span', { class: 'org', 'data-testid': 'org-name' }, organization.name);
  const signOut = h(
    'button',
    { type: 'button', class: 'secondary', onclick: () => (storedToken.clear(), api.close(), void showSignIn()) },
    'Sign out',
  );
  const chat = chatPanel(api);
  const list = conversationList(api, (id) => chat.open(id));
  chat.onConversationStarted = (conversation) => list.add(conversation);
  fill(
    root,
    h(
      'header',
      {},
      h('h1', {}, 'Talent directory'),
      switcher,
      h('span', { class: 'who' }, claims.email ?? claims.name ?? ''),
      links(),
      signOut,
    ),
    h('main', {}, list.element, chat.element, changeFeed(api)),
  );
}

/** Development only: acts in another organization with a fresh development token. */
async function switchTo(org: string): Promise<void> {
  storedToken.set(await devToken(org));
  await start();
}

void start();
