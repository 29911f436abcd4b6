import { transactionHome, type Db, type Tx } from './client.js';

/**
 * A query built once per database handle and kept as a named prepared statement, for the few
 * statements every request or every filing sends. Drizzle builds a query's SQL anew on each call,
 * and for a row of fifty columns that costs half a millisecond of the server's CPU (issue 29:
 * building SQL was about 30 % of a filing's time on the app's thread); a prepared one only binds
 * its values, and PostgreSQL parses and plans it once per connection instead of on every call.
 *
 * Inside a transaction on PostgreSQL the query is kept per pooled connection (client.ts gives each
 * its own handle) and runs inside the transaction, which holds that connection. The embedded
 * database has no such handle: there it is built for each transaction, as any query is. Handles
 * are kept weakly, so a closed database is not held.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db | Tx) => Q {
  const built = new WeakMap<Db | Tx, Q>();
  return (handle) => {
    const home = transactionHome(handle) ?? handle;
    let query = built.get(home);
    if (query === undefined) {
      query = build(home);
      built.set(home, query);
    }
    return query;
  };
}
