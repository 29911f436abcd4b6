// The catalog module's door: what other modules may use of it (issue 42); everything else is its own.
export { type Recipients, recipientsFrom, type RoutingTable, routingTableKey } from './routing-table.js';
export { bumpCatalogVersion, type CatalogSnapshot, CatalogStore, type CommonAreaEntry, raggingContactsOf, readUniversity } from './store.js';
