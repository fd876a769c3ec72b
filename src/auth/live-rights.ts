import type { Caller } from './caller';

/** A right a live operation needs: it throws the GraphQLError (with its code) that ends the operation. */
export type LiveCheck = (caller: Caller) => void;

/**
 * The rights of a live operation (a graphql-ws subscription). What it started with is not
 * enough: its caller is re-resolved while it runs (the token may expire, the key be deleted, the
 * account deactivated, a grant revoked) and every check registered here runs again before an
 * event is delivered; the first that fails ends the operation with its error.
 */
export interface LiveRights {
  /** Adds a right the caller must keep for as long as the operation runs. */
  require(check: LiveCheck): void;
}
