import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import type { GraphQLError } from 'graphql';
import { type FileUpload, Upload } from 'graphql-upload-minimal';
import { apiError, badInput } from '../graphql/errors';

/**
 * Reads the one file part `field` of a multipart/form-data request (at most `maxBytes`) into an
 * Upload, the value the schema's Upload scalar takes, so REST uploads run the same mutation as
 * GraphQL multipart requests.
 *
 * Every stream involved has its error handled here: the request (a client that breaks off), the
 * parser (a malformed or truncated body) and each file part (a body that ends inside the file, for
 * which busboy emits 'error' on the part; unheard, that error would stop the process). The first
 * failure settles the promise; the rest of the body is then drained and discarded.
 */
export function readUpload(req: Request, field: string, maxBytes: number): Promise<Upload> {
  if (!req.is('multipart/form-data'))
    return Promise.reject(badInput(`request must be multipart/form-data with the file in the part "${field}"`));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers and fetch send a file name as raw UTF-8 (busboy's default reads it as Latin-1, which
      // garbles any other script); GraphQL uploads (graphql-upload-minimal) read it so too.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes, fields: 20 },
      });
    } catch {
      reject(badInput('request body is not valid multipart/form-data'));
      return;
    }
    const malformed = () =>
      badInput('request body is not valid multipart/form-data (it is malformed or ends before the file does)');
    let settled = false;
    const fail = (error: GraphQLError) => {
      if (settled) return;
      settled = true;
      reject(error);
      req.unpipe(parser);
      parser.destroy();
      // Whatever the client still sends is read and dropped, so the answer can be delivered.
      req.resume();
    };
    let found: Upload | null = null;
    let tooLarge = false;
    const pending: Promise<void>[] = [];
    parser.on('file', (name, stream, info) => {
      stream.on('error', () => fail(malformed()));
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const parts: Buffer[] = [];
      // The class has resolve() at run time; its declarations leave it out.
      const upload = new Upload() as Upload & { resolve(file: FileUpload): void };
      found = upload;
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('limit', () => (tooLarge = true));
          // 'end' only when the part was read to its boundary; a part cut short errs instead.
          stream.on('end', () => {
            const bytes = Buffer.concat(parts);
            upload.resolve({
              filename: info.filename ?? '',
              fieldName: name,
              mimetype: info.mimeType,
              encoding: info.encoding,
              createReadStream: () => Readable.from([bytes]) as never,
            });
            done();
          });
        }),
      );
    });
    parser.on('error', () => fail(malformed()));
    req.on('error', () => fail(badInput('request body could not be read (the client broke off)')));
    req.on('close', () => {
      if (!req.complete) fail(badInput('request body could not be read (the client broke off)'));
    });
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        if (tooLarge) reject(apiError('PAYLOAD_TOO_LARGE', `file is larger than ${maxBytes} bytes`));
        else if (!found)
          reject(badInput(`${field} is required: send the file as the multipart/form-data part "${field}"`));
        else resolve(found);
      });
    });
    req.pipe(parser);
  });
}
