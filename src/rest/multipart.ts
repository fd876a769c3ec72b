import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { type FileUpload, Upload } from 'graphql-upload-minimal';
import { apiError, badInput } from '../graphql/errors';

/**
 * Reads the one file part `field` of a multipart/form-data request (at most `maxBytes`) into an
 * Upload, the value the schema's Upload scalar takes, so REST uploads run the same mutation as
 * GraphQL multipart requests.
 */
export function readUpload(req: Request, field: string, maxBytes: number): Promise<Upload> {
  if (!req.is('multipart/form-data')) return Promise.reject(badInput(`request must be multipart/form-data with the file in the part "${field}"`));
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 20 } });
    } catch {
      reject(badInput('request body is not valid multipart/form-data'));
      return;
    }
    let found: Upload | null = null;
    let failure: Error | null = null;
    const pending: Promise<void>[] = [];
    parser.on('file', (name, stream, info) => {
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
          stream.on('limit', () => (failure = apiError('PAYLOAD_TOO_LARGE', `file is larger than ${maxBytes} bytes`)));
          stream.on('close', () => {
            const bytes = Buffer.concat(parts);
            upload.resolve({ filename: info.filename ?? '', fieldName: name, mimetype: info.mimeType, encoding: info.encoding, createReadStream: () => Readable.from([bytes]) as never });
            done();
          });
        }),
      );
    });
    parser.on('error', () => reject(badInput('request body is not valid multipart/form-data')));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (failure) reject(failure);
        else if (!found) reject(badInput(`${field} is required: send the file as the multipart/form-data part "${field}"`));
        else resolve(found);
      });
    });
    req.pipe(parser);
  });
}
