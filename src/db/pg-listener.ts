import { Client } from 'pg';
import type { Logger } from 'pino';

/**
 * LISTENs on one channel of a PostgreSQL server on a connection of its own, and reconnects when
 * that connection is lost (notifications sent meanwhile are lost: listeners must also poll).
 */
export class PgListener {
  private client?: Client;
  private reconnecting = false;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onPayload: (payload: string) => void,
    private readonly logger: Logger,
  ) {}

  /**
   * Listens on `channel` of the server at `databaseUrl`; without one (the embedded database, one
   * process's alone) there is no other instance to hear: nothing.
   */
  static async open(
    databaseUrl: string | undefined,
    channel: string,
    onPayload: (payload: string) => void,
    logger: Logger,
  ): Promise<PgListener | undefined> {
    if (!databaseUrl) return undefined;
    const listener = new PgListener(databaseUrl, channel, onPayload, logger);
    await listener.start();
    return listener;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: `talent-${this.channel}` });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error, channel: this.channel }, 'listening connection lost; reconnecting');
      void this.reconnect();
    });
    await client.connect();
    await client.query(`listen ${this.channel}`);
    // Closed while connecting: nobody would end this connection later.
    if (this.closed) await client.end().catch(() => undefined);
    else this.client = client;
  }

  private async reconnect(): Promise<void> {
    if (this.reconnecting) return;
    this.reconnecting = true;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
    while (!this.closed) {
      try {
        await this.connect();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    this.reconnecting = false;
  }
}
