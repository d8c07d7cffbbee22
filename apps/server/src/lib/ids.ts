const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resource ids are UUIDs; anything else cannot name a row, so it is "not found" rather than a query error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
