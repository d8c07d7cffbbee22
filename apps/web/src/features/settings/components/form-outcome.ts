export type FormOutcome = 'success' | 'failure' | null;

/** The first message of each field. */
export function firstMessages(fields: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
}
