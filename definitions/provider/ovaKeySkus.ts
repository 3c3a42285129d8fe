import { providerOps } from '../api/provider';
import { skuOps } from '../api/providerFleet';
import { providerInsightOps } from '../api/providerInsights';
import { actionForm, choicesFrom, defineFormScreen, initialFrom } from '../define';
import { providerRead, providerWrite } from './common';

export const ovaKeySkus = defineFormScreen({
  id: 'provider.ova-key-skus',
  title: 'Licence key SKUs',
  description:
    'The SKUs a licence key carries, each until its own expiry (a date and time in UTC): an appliance with the key has ' +
    'the features of every SKU not yet expired. One entry per SKU; a change made meanwhile is not overwritten.',
  route: '/service/licence-key-skus',
  nav: { label: 'Licence key SKUs', order: 12 },
  read: providerRead,
  write: providerWrite,
  scope: { param: 'key_id', label: 'Licence key', choices: choicesFrom(providerOps.listOvaKeys, 'keys', 'key_id', 'key_id') },
  form: actionForm(providerInsightOps.saveOvaKeySkus, {
    fields: {
      key_id: { widget: 'hidden' },
      updated_at: { widget: 'hidden' },
      skus: {
        table: {
          columns: ['sku', 'expires_at'],
          itemLabel: 'SKU',
          rowFields: {
            sku: { widget: 'select', optionsFrom: choicesFrom(skuOps.list, 'items', 'sku_id', 'name') },
          },
        },
      },
    },
    initial: initialFrom(providerInsightOps.getOvaKeySkus, {
      values: ({ skus, updated_at }) => ({ skus: skus.map(({ expired: _expired, ...s }) => s), updated_at }),
      intro: ({ skus }) => {
        const expired = skus.filter((s) => s.expired).length;
        return skus.length === 0 ? 'The key carries no SKU.' : `The key carries ${skus.length} ${skus.length === 1 ? 'SKU' : 'SKUs'}${expired ? `, ${expired} expired` : ''}.`;
      },
    }),
    submitLabel: 'Save',
    success: () => 'The key\'s SKUs are saved.',
    refused: 'Not saved',
  }),
});
