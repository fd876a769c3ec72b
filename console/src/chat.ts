import type { Api } from './api';
import { fill, h, shortTime } from './dom';
import type { ConversationSummary } from './conversations';

interface Source {
  name: string | null;
  type: string | null;
  url: string | null;
}

interface Message {
  id: string;
  message: string;
  messageType: string;
  agent: string;
  timestamp: string;
  sources: Source[];
}

interface Update {
  conversationUpdates: { kind: 'CHUNK' | 'MESSAGE'; chunk: string | null; message: Message | null };
}

const MESSAGE_FIELDS = 'id message messageType agent timestamp sources { name type url }';
const HISTORY = `query ($input: UserRequest) { agentHistory(input: $input) { ${MESSAGE_FIELDS} } }`;
const UPDATES = `subscription ($id: ID!) { conversationUpdates(conversationId: $id) { kind chunk message { ${MESSAGE_FIELDS} } } }`;
const START = 'mutation ($name: String) { startConversation(name: $name) { id name timestamp } }';
const REPLY = 'mutation ($input: UserRequest!) { reply(input: $input) { reply success confirming } }';

/** How long a new conversation's subscription is given to start before the question is sent. */
const SUBSCRIPTION_START_MS = 300;

/**
 * Opens a citation of the service's own API (it needs the token, which a plain link cannot send)
 * in a dialog: a knowledge document's text, or the record as JSON.
 */
async function openCitation(api: Api, source: Source): Promise<void> {
  const text = h('pre', { class: 'citation-text', 'data-testid': 'citation-text' }, 'Loading…');
  const dialog = h(
    'dialog',
    { class: 'citation', 'data-testid': 'citation' },
    h('h3', {}, source.name ?? source.url ?? ''),
    text,
    h('form', { method: 'dialog' }, h('button', {}, 'Close')),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  try {
    const record = (await api.rest(source.url!)) as { text?: unknown };
    text.textContent = typeof record?.text === 'string' ? record.text : JSON.stringify(record, null, 2);
  } catch (error) {
    text.textContent = (error as Error).message;
  }
}

/** Sources as links to where they can be read; the service's own open in a dialog. */
function sourceLinks(api: Api, sources: Source[]): HTMLElement | null {
  if (!sources.length) return null;
  const link = (s: Source) => {
    if (!s.url) return s.name ?? '';
    if (!s.url.startsWith('/api/v1/'))
      return h('a', { href: s.url, target: '_blank', rel: 'noopener' }, s.name ?? s.url);
    return h(
      'a',
      { href: s.url, onclick: (event: Event) => (event.preventDefault(), void openCitation(api, s)) },
      s.name ?? s.url,
    );
  };
  return h(
    'ul',
    { class: 'sources', 'data-testid': 'sources' },
    ...sources.map((s) => h('li', {}, link(s), s.type ? h('span', { class: 'type' }, ` ${s.type}`) : null)),
  );
}

function bubble(api: Api, message: Message): HTMLElement {
  const mine = message.messageType === 'user_request';
  return h(
    'article',
    {
      class: mine ? 'message mine' : 'message agent',
      'data-id': message.id,
      'data-testid': mine ? 'question' : 'answer',
    },
    h('div', { class: 'meta' }, mine ? 'You' : message.agent || 'Agent', ' · ', shortTime(message.timestamp)),
    h('div', { class: 'text' }, message.message),
    sourceLinks(api, message.sources),
  );
}

/**
 * The conversation being read: its messages, the reply streaming in over graphql-ws while the
 * agent writes it (conversationUpdates CHUNKs), and the box to ask or answer the agent.
 */
export function chatPanel(api: Api) {
  const messages = h('div', { class: 'messages', 'data-testid': 'messages', 'aria-live': 'polite' });
  const title = h('h2', {}, 'New conversation');
  const question = h('textarea', {
    rows: 2,
    placeholder: 'Ask the agent: "Who leads the Platform Guild?", "How many vacation days do I get?"',
    'data-testid': 'question-input',
  });
  const send = h('button', { type: 'submit', 'data-testid': 'ask' }, 'Ask');
  const status = h('p', { class: 'status', role: 'status' });
  let conversationId: string | undefined;
  let stop: (() => void) | undefined;
  let streaming: HTMLElement | undefined;

  const show = (message: Message) => {
    if (messages.querySelector(`[data-id="${message.id}"]`)) return;
    if (message.messageType !== 'user_request') {
      streaming?.remove();
      streaming = undefined;
    }
    messages.append(bubble(api, message));
    messages.scrollTop = messages.scrollHeight;
  };
  const chunk = (text: string) => {
    streaming ??= messages.appendChild(
      h(
        'article',
        { class: 'message agent streaming', 'data-testid': 'streaming' },
        h('div', { class: 'meta' }, 'Agent · writing…'),
        h('div', { class: 'text' }),
      ),
    );
    streaming.querySelector('.text')!.append(text);
    messages.scrollTop = messages.scrollHeight;
  };
  const load = async () => {
    if (!conversationId) return;
    const { agentHistory } = await api.query<{ agentHistory: Message[] }>(HISTORY, { input: { conversationId } });
    fill(messages);
    streaming = undefined;
    agentHistory.forEach(show);
  };
  const listen = (id: string) => {
    stop?.();
    stop = api.subscribe<Update>(
      UPDATES,
      { id },
      ({ conversationUpdates: u }) => (u.kind === 'CHUNK' && u.chunk ? chunk(u.chunk) : u.message && show(u.message)),
      (error) => (status.textContent = error.message),
    );
  };

  const panel = {
    element: h(
      'section',
      { class: 'chat' },
      title,
      messages,
      h('form', { class: 'ask', onsubmit: (event: Event) => (event.preventDefault(), void ask()) }, question, send),
      status,
    ),
    onConversationStarted: (_conversation: ConversationSummary): void => undefined,
    /** Opens a conversation (undefined: a new one, started by the next question). */
    open(id: string | undefined, name?: string): void {
      conversationId = id;
      title.textContent = name ?? 'New conversation';
      fill(messages);
      status.textContent = '';
      stop?.();
      stop = undefined;
      if (id) {
        listen(id);
        load().catch((error: Error) => (status.textContent = error.message));
      }
    },
  };

  async function ask(): Promise<void> {
    const text = question.value.trim();
    if (!text) {
      status.textContent = 'Type a question first.';
      return;
    }
    send.disabled = true;
    status.textContent = 'The agent is writing…';
    try {
      if (!conversationId) {
        const { startConversation } = await api.query<{ startConversation: ConversationSummary }>(START, {
          name: text.slice(0, 200),
        });
        panel.open(startConversation.id, startConversation.name);
        panel.onConversationStarted(startConversation);
        await new Promise((resolve) => setTimeout(resolve, SUBSCRIPTION_START_MS));
      }
      question.value = '';
      const { reply } = await api.query<{ reply: { success: boolean; confirming: boolean | null } }>(REPLY, {
        input: { conversationId, question: text },
      });
      // The stored messages are the record: read them back, whatever the stream delivered.
      await load();
      status.textContent = reply.confirming ? 'The agent asks you to confirm: answer yes or no.' : '';
    } catch (error) {
      status.textContent = (error as Error).message;
      question.value ||= text;
    } finally {
      send.disabled = false;
    }
  }

  return panel;
}
