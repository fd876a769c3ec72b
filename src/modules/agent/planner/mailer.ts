import nodemailer, { type Transporter } from 'nodemailer';

export interface MailResult {
  sent: boolean;
  /** Why it was not sent. */
  reason?: string;
}

/**
 * Sends workflow results by e-mail through SMTP_URL (smtp://user:pass@host:port). Without it,
 * nothing is sent and the run records why. The reason never carries the URL, which may hold a
 * password.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async send(to: string, subject: string, text: string): Promise<MailResult> {
    if (!this.transport) return { sent: false, reason: 'no SMTP server is configured (SMTP_URL)' };
    try {
      await this.transport.sendMail({ from: this.from, to, subject, text });
      return { sent: true };
    } catch (error) {
      const code =
        (error as { code?: string; responseCode?: number }).responseCode ??
        (error as { code?: string }).code ??
        'error';
      return { sent: false, reason: `the SMTP server refused or failed (${code})` };
    }
  }

  close(): void {
    this.transport?.close();
  }
}
