import type { Api } from './api';
import { fill, h, shortTime } from './dom';

export interface ConversationSummary {
  id: string;
  name: string;
  timestamp: string;
}

// The first page: the newest 500 (the list's default page), more than a sidebar shows.
const LIST = '{ conversations { nodes { id name timestamp } } }';
const ALL_MESSAGES = 'query { agentHistory { conversationId message } }';
/** Typing pauses this long before the messages are searched. */
const SEARCH_PAUSE_MS = 250;

/**
 * The caller's conversations, newest first, with a search over their names and messages (the
 * messages are read once per search from agentHistory, which holds the caller's last 1,000).
 */
export function conversationList(api: Api, open: (id: string | undefined, name?: string) => void) {
  let conversations: ConversationSummary[] = [];
  let matching: Set<string> | undefined;
  let selected: string | undefined;
  const list = h('ul', { class: 'conversation-list', 'data-testid': 'conversations' });
  const search = h('input', {
    type: 'search',
    placeholder: 'Search conversations',
    'aria-label': 'Search conversations',
    'data-testid': 'conversation-search',
  });
  const note = h('p', { class: 'status' });

  const render = () => {
    const shown = matching ? conversations.filter((c) => matching!.has(c.id)) : conversations;
    note.textContent =
      matching && !shown.length
        ? 'No conversation matches.'
        : !conversations.length
          ? 'No conversations yet: ask the agent something.'
          : '';
    fill(
      list,
      ...shown.map((c) =>
        h(
          'li',
          { class: c.id === selected ? 'selected' : '' },
          h(
            'button',
            { type: 'button', onclick: () => select(c) },
            h('span', { class: 'name' }, c.name),
            h('span', { class: 'time' }, shortTime(c.timestamp)),
          ),
        ),
      ),
    );
  };
  const select = (c: ConversationSummary | undefined) => {
    selected = c?.id;
    render();
    open(c?.id, c?.name);
  };

  let pending: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(pending);
    pending = setTimeout(() => void find(search.value.trim().toLowerCase()), SEARCH_PAUSE_MS);
  });
  async function find(text: string): Promise<void> {
    if (!text) {
      matching = undefined;
      return render();
    }
    const byName = conversations.filter((c) => c.name.toLowerCase().includes(text)).map((c) => c.id);
    const { agentHistory } = await api.query<{ agentHistory: { conversationId: string; message: string }[] }>(
      ALL_MESSAGES,
    );
    const byMessage = agentHistory.filter((m) => m.message.toLowerCase().includes(text)).map((m) => m.conversationId);
    if (search.value.trim().toLowerCase() === text) {
      matching = new Set([...byName, ...byMessage]);
      render();
    }
  }

  api.query<{ conversations: { nodes: ConversationSummary[] } }>(LIST).then(
    (answer) => ((conversations = answer.conversations.nodes), render()),
    (error: Error) => (note.textContent = error.message),
  );
  open(undefined);

  return {
    element: h(
      'aside',
      { class: 'conversations' },
      h('h2', {}, 'Conversations'),
      h(
        'div',
        { class: 'row' },
        search,
        h(
          'button',
          { type: 'button', class: 'secondary', 'data-testid': 'new-conversation', onclick: () => select(undefined) },
          'New',
        ),
      ),
      note,
      list,
    ),
    /** A conversation the chat just started: listed first and selected. */
    add(conversation: ConversationSummary): void {
      conversations = [conversation, ...conversations.filter((c) => c.id !== conversation.id)];
      selected = conversation.id;
      render();
    },
  };
}
