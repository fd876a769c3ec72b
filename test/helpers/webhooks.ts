import type { Member } from './fixtures';
import type { ServiceClient } from './test-app';

export interface KeyRecord {
  id: string;
  name: string;
  default: boolean;
  secretBase64: string | null;
}

export interface WebhookRecord {
  id: string;
  name: string;
  url: string;
  eventType: string;
  ifUpdates: string[];
  signingKey: string;
  active: boolean;
  createdAt: string;
  organization: string;
}

export interface AttemptRecord {
  at: string;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

export interface DeliveryRecord {
  id: string;
  event: string;
  eventType: string;
  state: string;
  attemptCount: number;
  attempts: AttemptRecord[];
}

/** Creates a webhook key of the admin's organization; fails the test on anything but 201. */
export async function createKey(t: ServiceClient, admin: Member, name = 'signing'): Promise<KeyRecord> {
  const response = await t.api.post<KeyRecord>('/api/v1/webhook-key', { name }, admin.token);
  if (response.status !== 201) throw new Error(`could not create webhook key: ${response.status} ${response.text}`);
  return response.body;
}

/** Creates a webhook; fails the test on anything but 201. */
export async function createWebhook(
  t: ServiceClient,
  admin: Member,
  body: Record<string, unknown>,
): Promise<WebhookRecord> {
  const response = await t.api.post<WebhookRecord>('/api/v1/webhook', { name: 'receiver', ...body }, admin.token);
  if (response.status !== 201) throw new Error(`could not create webhook: ${response.status} ${response.text}`);
  return response.body;
}

export async function deliveries(t: ServiceClient, admin: Member, webhookId: string): Promise<DeliveryRecord[]> {
  const response = await t.api.get<DeliveryRecord[]>(`/api/v1/webhook/${webhookId}/deliveries`, admin.token);
  if (response.status !== 200) throw new Error(`could not list deliveries: ${response.status} ${response.text}`);
  return response.body;
}

/** Polls until `predicate` holds (state the service reaches asynchronously); fails after `timeoutMs`. */
export async function eventually<T>(
  read: () => Promise<T>,
  predicate: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
