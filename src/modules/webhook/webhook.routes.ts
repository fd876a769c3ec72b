import { PAGE, type RestRoute } from '../../rest/routes';

const tag = 'Webhooks';

/** The webhook module's REST routes below /api/v1 (docs/rest.md); each runs the root field it names. */
export const WEBHOOK_ROUTES: RestRoute[] = [
  { method: 'get', path: '/webhook-key', operation: 'query', field: 'webhookKeys', tag, summary: 'Webhook keys of the current organization, without secrets (ORG_ADMIN)' },
  { method: 'post', path: '/webhook-key', operation: 'mutation', field: 'createWebhookKey', body: 'input', status: 201, tag, summary: 'Create a webhook key (ORG_ADMIN or organization token); secretBase64 is shown once; the first key is the default' },
  { method: 'post', path: '/webhook-key/:key/default', operation: 'mutation', field: 'makeDefaultWebhookKey', tag, summary: 'Make a key the default signing key (ORG_ADMIN)' },
  { method: 'delete', path: '/webhook-key/:key', operation: 'mutation', field: 'deleteWebhookKey', noContent: true, tag, summary: 'Delete a webhook key; 409 while webhooks are signed with it (ORG_ADMIN)' },
  { method: 'get', path: '/webhook', operation: 'query', field: 'webhooks', query: PAGE, tag, summary: 'Webhooks of the current organization (ORG_ADMIN; limit 1-500, default 100)' },
  { method: 'post', path: '/webhook', operation: 'mutation', field: 'createWebhook', body: 'input', status: 201, tag, summary: 'Create a webhook, active, signed with signingKey or the default key (ORG_ADMIN or organization token)' },
  { method: 'get', path: '/webhook/:webhook', operation: 'query', field: 'webhook', tag, summary: 'Webhook by id (ORG_ADMIN)' },
  { method: 'patch', path: '/webhook/:webhook', operation: 'mutation', field: 'updateWebhook', body: 'input', tag, summary: 'Change name, url, eventType, ifUpdates, active or signingKey (ORG_ADMIN)' },
  { method: 'delete', path: '/webhook/:webhook', operation: 'mutation', field: 'deleteWebhook', noContent: true, tag, summary: 'Delete a webhook and its deliveries (ORG_ADMIN)' },
  { method: 'get', path: '/webhook/:webhook/deliveries', operation: 'query', field: 'webhookDeliveries', query: PAGE, tag, summary: 'Deliveries of a webhook, newest first, with every attempt (limit 1-500, default 100)' },
  { method: 'post', path: '/webhook/:webhook/deliveries/:delivery/redeliver', operation: 'mutation', field: 'redeliverWebhookDelivery', status: 202, tag, summary: 'Send a delivery again now, with the same webhook-id (ORG_ADMIN)' },
  { method: 'post', path: '/webhook/:webhook/test', operation: 'mutation', field: 'testWebhook', status: 202, tag, summary: 'Send a webhook.test event to the webhook (ORG_ADMIN)' },
];
