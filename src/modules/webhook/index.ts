import { type ModuleDescriptor, resolver } from '../module';
import { WebhookAttempt, WebhookDelivery } from './webhook-delivery.entity';
import { WebhookKey } from './webhook-key.entity';
import { WebhookKeyResolver } from './webhook-key.resolver';
import { WebhookKeyService } from './webhook-key.service';
import { Webhook } from './webhook.entity';
import { WebhookDeliveryResolver, WebhookResolver } from './webhook.resolver';
import { WEBHOOK_ROUTES } from './webhook.routes';

/** Webhooks, their signing keys and deliveries (the delivery worker is wired by src/app.ts). */
export const webhookModule: ModuleDescriptor = {
  name: 'webhook',
  entities: [WebhookKey, Webhook, WebhookDelivery, WebhookAttempt],
  resolvers: [
    resolver(WebhookKeyResolver, ({ secrets }) => new WebhookKeyResolver(new WebhookKeyService(secrets))),
    resolver(WebhookResolver, ({ webhooks }) => new WebhookResolver(webhooks)),
    resolver(WebhookDeliveryResolver, ({ webhooks }) => new WebhookDeliveryResolver(webhooks)),
  ],
  routes: WEBHOOK_ROUTES,
};
