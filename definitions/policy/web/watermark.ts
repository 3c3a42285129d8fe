import { WATERMARK_TOKENS, WatermarkDocument } from '../../../schemas/areas/webRules';
import { definePolicyArea } from '../../define';
import { scopeFieldHints } from '../policyEnv';

export const watermark = definePolicyArea({
  id: 'web.watermark',
  title: 'Watermark',
  // Design note: the spec names the call only; the fields are this build's design.
  description:
    'Ordered rules that overlay isolated pages with a watermark text, so screenshots and photos of the screen can be ' +
    `traced: the text (placeholders ${WATERMARK_TOKENS.join(', ')}), colour, opacity, size and layout. The first ` +
    'enabled matching rule wins.',
  route: '/policy/web/watermark',
  nav: { group: 'Web', order: 100 },
  endpoint: { path: '/api/policy/v1/rules/watermark/{rev}' },
  schema: WatermarkDocument,
  layout: {
    kind: 'table',
    rows: 'list',
    rowKey: 'id',
    orderable: true,
    columns: [
      { field: 'name', flex: 2, sortable: true },
      { field: 'text', flex: 2 },
      { field: 'colour', format: 'enumLabel' },
      { field: 'enabled', format: 'boolean', center: true },
    ],
    rowFields: {
      id: { widget: 'hidden' },
      text: { placeholder: '{user} {date}' },
      layout: { widget: 'segmented' },
      comment: { widget: 'textarea' },
      ...scopeFieldHints,
    },
    newRow: { name: '', enabled: true, scope: {}, text: '{user} {date}', colour: 'gray', opacity: 15, font_size: 14, layout: 'tiled', comment: '' },
    exportable: true,
  },
  read: { any: ['web_policy:read'] },
  write: { any: ['web_policy:write'] },
  feature: 'watermarking',
  tag: 'web policy',
});
