import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drip, pour, type Sent } from './hostile-body';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF with a title and the given lines, built here so the test needs no fixture file. */
export async function buildPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 20, size: 12, font }));
  return Buffer.from(await pdf.save());
}

/** A DOCX document with a heading and paragraphs. */
export async function buildDocx(heading: string, paragraphs: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((p) => new Paragraph(p)),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export interface Page {
  status?: number;
  type?: string;
  body?: string | Buffer;
  location?: string;
  /** Sent as the content-encoding (the body is then encoded already, e.g. hostile-body.ts's gzipBomb). */
  encoding?: string;
  /** Hostile answers (their sending is recorded in `sent`): a chunked body of this many bytes, no content-length, */
  bodyBytes?: number;
  /** or the body sent one byte every this many ms. */
  dripMs?: number;
}

/** A small web site on loopback whose pages the test sets (the outside world of URL knowledge). */
export class PageServer {
  readonly pages = new Map<string, Page>();
  /** The paths requested, in order. */
  readonly requested: string[] = [];
  /** What each hostile answer sent before the service stopped reading. */
  readonly sent: Promise<Sent>[] = [];
  private server?: Server;
  url = '';

  /** Listens on `host` (another loopback address such as 127.0.0.2 stands for a second machine). */
  async start(host = '127.0.0.1'): Promise<this> {
    this.server = createServer((req, res) => {
      this.requested.push(req.url ?? '');
      const page = this.pages.get(req.url ?? '') ?? { status: 404, type: 'text/plain', body: 'not found' };
      const headers: Record<string, string> = {};
      if (page.type) headers['content-type'] = page.type;
      if (page.location) headers.location = page.location;
      if (page.encoding) headers['content-encoding'] = page.encoding;
      res.writeHead(page.status ?? 200, headers);
      if (page.bodyBytes) this.sent.push(pour(res, page.bodyBytes, 'Lorem ipsum dolor sit amet. '));
      else if (page.dripMs) this.sent.push(drip(res, String(page.body ?? ''), page.dripMs));
      else res.end(page.body ?? '');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, host, resolve));
    this.url = `http://${host}:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
