import { GraphQLError, GraphQLScalarType } from 'graphql';
import { type FileUpload, Upload } from 'graphql-upload-minimal';
import { apiError, badInput } from './errors';

/**
 * Why a file never arrived, as the caller's error. Everything that stops one comes from the body
 * the caller sent (malformed, broken off, a multipart message that ends before the file part's
 * headers do), so none of it is an internal error: the multipart reader's own errors say 413 when
 * the body was too large and have no status at all when its parser gave up.
 */
function callerError(error: unknown): GraphQLError {
  const refusal = error as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (refusal?.status === 413)
    return apiError('PAYLOAD_TOO_LARGE', `the request is too large: ${String(refusal.message)}`);
  // The reader's own refusals ("File missing in the request.") are written for the caller.
  if (refusal?.expose === true && typeof refusal.status === 'number' && refusal.status >= 400 && refusal.status < 500)
    return badInput(String(refusal.message));
  return badInput('the file could not be read: the request body is malformed or ended before the file did');
}

/**
 * The `Upload` scalar of the GraphQL multipart request spec, as graphql-upload-minimal's, except
 * that a file that never arrives is refused with the caller's error (400 or 413) rather than
 * surfacing the reader's error. TypeGraphQL awaits the value before the resolver runs, so this is
 * the one place that sees the failure on the GraphQL path.
 */
export const UploadScalar = new GraphQLScalarType<Promise<FileUpload>, never>({
  name: 'Upload',
  description: 'The `Upload` scalar type represents a file upload.',
  parseValue(value) {
    if (!(value instanceof Upload)) throw new GraphQLError('Upload value invalid.');
    const file = value.promise.catch((error: unknown) => {
      throw callerError(error);
    });
    // A rejection nobody awaits (the operation failed before reaching the argument) must not crash.
    file.catch(() => {});
    return file;
  },
  parseLiteral() {
    throw new GraphQLError('Upload literal unsupported.');
  },
  serialize() {
    throw new GraphQLError('Upload serialization unsupported.');
  },
});
