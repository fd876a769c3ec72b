/** A short reason for a failed outbound request: the system error code (ECONNREFUSED, …) where there is one. */
export function errorReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return (
    (error as { code?: string }).code ??
    cause?.code ??
    cause?.message ??
    (error instanceof Error ? error.message : String(error))
  );
}
