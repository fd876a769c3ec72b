import { PAGE, type RestRoute } from '../../rest/routes';

const tag = 'Agent';

/** The agent module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const AGENT_ROUTES: RestRoute[] = [
  { method: 'get', path: '/agent/conversations', operation: 'query', field: 'conversations', tag, summary: 'The caller’s conversations in the current organization, newest first' },
  { method: 'post', path: '/agent/conversations/start', operation: 'mutation', field: 'startConversation', query: ['name'], tag, summary: 'Start an empty conversation (optional query parameter name)' },
  { method: 'get', path: '/agent/conversations/:id', operation: 'query', field: 'conversation', tag, summary: 'One of the caller’s conversations' },
  { method: 'put', path: '/agent/conversations/:id', operation: 'mutation', field: 'renameConversation', body: 'input', tag, summary: 'Rename a conversation (body: a Conversation; only name changes)' },
  { method: 'delete', path: '/agent/conversations/:id', operation: 'mutation', field: 'deleteConversation', noContent: true, tag, summary: 'Delete a conversation with its messages' },
  { method: 'post', path: '/agent/ask', operation: 'mutation', field: 'ask', body: 'input', tag, summary: 'Ask a question; a new conversation is started (502/503 when the language-model server fails; the question is kept)' },
  { method: 'post', path: '/agent/reply', operation: 'mutation', field: 'reply', body: 'input', tag, summary: 'Continue a conversation (conversationId required): follow-ups, confirmations, clarifications' },
  { method: 'post', path: '/agent/search', operation: 'query', field: 'agentSearch', body: 'input', tag, summary: 'Full-text search over the caller’s conversation names and messages (page 0-based, count 1-100)' },
  { method: 'post', path: '/agent/assign', operation: 'mutation', field: 'assign', body: 'input', tag, summary: 'Plan the last request of a conversation (conversationId required): steps, schedule and notification' },
  { method: 'get', path: '/agent/workflows', operation: 'query', field: 'workflows', tag, summary: 'The caller’s scheduled workflows, newest first' },
  { method: 'get', path: '/agent/workflows/:id', operation: 'query', field: 'workflow', tag, summary: 'One of the caller’s workflows, with its last run' },
  { method: 'post', path: '/agent/workflows/:id/pause', operation: 'mutation', field: 'pauseWorkflow', tag, summary: 'Pause a workflow' },
  { method: 'post', path: '/agent/workflows/:id/resume', operation: 'mutation', field: 'resumeWorkflow', tag, summary: 'Resume a paused workflow from its next scheduled time' },
  { method: 'post', path: '/agent/workflows/:id/run', operation: 'mutation', field: 'runWorkflow', status: 202, tag, summary: 'Run a workflow once now, paused or not; its schedule is unchanged (the result arrives as a scheduled run’s does)' },
  { method: 'delete', path: '/agent/workflows/:id', operation: 'mutation', field: 'deleteWorkflow', noContent: true, tag, summary: 'Delete a workflow' },
  { method: 'post', path: '/agent/add-file-knowledge', operation: 'mutation', field: 'addFileKnowledge', upload: 'file', tag, summary: 'Learn a file (multipart part file): text, Markdown, HTML, PDF, DOCX, CSV or JSON (ORG_ADMIN; 413 beyond KNOWLEDGE_MAX_BYTES)' },
  { method: 'post', path: '/agent/add-url-knowledge', operation: 'mutation', field: 'addUrlKnowledge', text: 'url', tag, summary: 'Learn the page at a URL (text/plain body); the same URL again replaces it (ORG_ADMIN)' },
  { method: 'get', path: '/agent/knowledge', operation: 'query', field: 'knowledgeDocuments', query: PAGE, tag, summary: 'Documents and URLs of the knowledge base, newest first (ORG_ADMIN)' },
  { method: 'get', path: '/agent/knowledge/:id', operation: 'query', field: 'knowledgeDocument', tag, summary: 'A document or URL of the knowledge base with its text: what the agent’s citations open (members)' },
  { method: 'delete', path: '/agent/knowledge/:id', operation: 'mutation', field: 'deleteKnowledgeDocument', noContent: true, tag, summary: 'Forget a document or URL (ORG_ADMIN)' },
  { method: 'post', path: '/agent/history', operation: 'query', field: 'agentHistory', body: 'input', tag, summary: 'Messages of a conversation, or of all the caller’s, oldest first (since: only newer; at most 1000)' },
];
