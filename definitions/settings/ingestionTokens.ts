import { INGEST_LOG_TYPES, INGEST_MAX_TOKENS } from '../../schemas/areas/ingest';
import { INGEST_PREFIX, INGEST_TOKEN_SCHEME, ingestionTokenOps } from '../api/ingest';
import { actionForm, defineCollection } from '../define';

/** The tenant's ingestion tokens: what its enforcement nodes and appliances send their events with. */
export const ingestionTokens = defineCollection({
  id: 'settings.ingestion-tokens',
  title: 'Ingestion Tokens',
  description:
    `Tokens your enforcement nodes and appliances send their log events with, at most ${INGEST_MAX_TOKENS}. A device posts ` +
    `batches of events (NDJSON) to this portal’s ${INGEST_PREFIX}<log kind> (${INGEST_LOG_TYPES.join(', ')}) with ` +
    `“Authorization: ${INGEST_TOKEN_SCHEME} <token>”; ` +
    'the events appear in the logs and reports of this tenant only. A token is shown once, when it is generated; only a ' +
    'hash of it is kept. Every batch is written to the audit log under the token’s name. Revoke a token a device no ' +
    'longer uses: its batches are refused at once.',
  route: '/settings/ingestion-tokens',
  nav: { group: 'Identity & Access', order: 40 },
  operations: { list: ingestionTokenOps.listIngestionTokens },
  items: 'tokens',
  itemKey: 'id',
  itemName: 'ingestion token',
  columns: [
    { field: 'name', flex: 2, sortable: true },
    { field: 'hint', label: 'Ends in', maxWidth: 120 },
    { field: 'created_at', label: 'Created', format: 'datetime', sortable: true },
    { field: 'created_by', label: 'Created by', maxWidth: 220 },
    { field: 'last_used_at', label: 'Last used', format: 'datetime', sortable: true, whenEmpty: 'Never' },
  ],
  emptyText: 'No ingestion tokens yet.',
  rowActions: (action) => [
    action(ingestionTokenOps.deleteIngestionToken, {
      id: 'revoke',
      label: 'Revoke',
      confirm: (t) => `Revoke the token ${t.name}? Devices sending with it are refused from now on. This cannot be undone.`,
      success: (t) => `Token ${t.name} revoked.`,
    }),
  ],
  form: actionForm(ingestionTokenOps.generateIngestionToken, {
    title: 'Generate a token',
    fields: { name: { help: 'What sends with it, such as the branch appliance or a gateway site', placeholder: 'branch-appliance-berlin' } },
    submitLabel: 'Generate token',
    success: ({ name }) => `Token ${name} generated.`,
    refused: 'The token was not generated',
    reveal: {
      field: 'secret',
      title: 'The new ingestion token',
      warning: 'Copy the token now and keep it safe: you will not see it again. Only a hash of it is stored.',
    },
  }),
  read: { any: ['settings:read'] },
  write: { any: ['settings:write'] },
});
