import { Mailer } from '../src/modules/agent/planner/mailer';
import { SmtpSink } from './helpers/smtp';

// Workflow e-mails (src/modules/agent/planner/mailer.ts) against a loopback SMTP server.

it('sends through SMTP_URL', async () => {
  const sink = await new SmtpSink().start();
  const mailer = new Mailer(sink.url, 'Talent <no-reply@example.com>');
  try {
    expect(await mailer.send('ana@example.com', 'Weekly tasks', 'Nothing overdue.')).toEqual({ sent: true });
    const [mail] = await sink.waitFor(1, 10_000);
    expect(mail).toMatchObject({ from: 'no-reply@example.com', to: ['ana@example.com'] });
    expect(mail.raw).toMatch(/Subject: Weekly tasks/);
  } finally {
    mailer.close();
    await sink.close();
  }
});

it('records why nothing was sent: no server configured, or a server that cannot be reached', async () => {
  expect(await new Mailer(undefined, 'x <x@example.com>').send('ana@example.com', 's', 't')).toEqual({
    sent: false,
    reason: 'no SMTP server is configured (SMTP_URL)',
  });
  const sink = await new SmtpSink().start();
  const url = sink.url;
  await sink.close();
  const down = new Mailer(`${url.replace('smtp://', 'smtp://user:secret-pass@')}`, 'x <x@example.com>');
  const result = await down.send('ana@example.com', 's', 't');
  down.close();
  expect(result.sent).toBe(false);
  expect(result.reason).toMatch(/^the SMTP server refused or failed \(/);
  expect(result.reason).not.toContain('secret-pass');
});
