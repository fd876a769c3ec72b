import type { Api } from './api';
import { h, shortTime } from './dom';

interface Change {
  id: string;
  type: string;
  objectId: string;
  changedFields: string[];
  timestamp: string;
}

const CHANGES = 'subscription { changes { id type objectId changedFields timestamp } }';
/** The feed keeps the newest this many changes on the page. */
const KEPT = 100;

/** The organization's changes as they happen (graphql-ws `changes`; organization administrators). */
export function changeFeed(api: Api): HTMLElement {
  const list = h('ol', { class: 'change-list', 'data-testid': 'changes' });
  const note = h('p', { class: 'status' }, 'Waiting for changes…');
  api.subscribe<{ changes: Change }>(
    CHANGES,
    {},
    ({ changes: c }) => {
      note.textContent = '';
      list.prepend(
        h(
          'li',
          { 'data-testid': 'change', 'data-type': c.type },
          h('span', { class: 'type' }, c.type),
          h('span', { class: 'time' }, shortTime(c.timestamp)),
          h('code', { class: 'id' }, c.objectId),
          c.changedFields.length ? h('span', { class: 'fields' }, c.changedFields.join(', ')) : null,
        ),
      );
      while (list.children.length > KEPT) list.lastElementChild!.remove();
    },
    (error) =>
      (note.textContent = /forbidden|ORG_ADMIN|4403/i.test(error.message)
        ? 'The change feed is for organization administrators.'
        : error.message),
  );
  return h('aside', { class: 'changes' }, h('h2', {}, 'Live changes'), note, list);
}
