/** Who receives a routing key's complaints: the addresses of its rule. */
export interface Recipients {
  to: string[];
  cc: string[];
}

/**
 * Every routing rule, by key and hostel ('' for the key's default): read with the catalogue
 * (store.ts), which every instance reloads when an administrator changes a rule, so a
 * filing finds its recipients with no query of its own.
 */
export type RoutingTable = ReadonlyMap<string, Recipients>;

export const routingTableKey = (routingKey: string, hostel: string) => `${routingKey}\u0000${hostel}`;

/** The hostel's own rule when there is one, else the key's default; undefined when neither exists. */
export function recipientsFrom(table: RoutingTable, routingKey: string, hostel: string): Recipients | undefined {
  return table.get(routingTableKey(routingKey, hostel)) ?? table.get(routingTableKey(routingKey, ''));
}
