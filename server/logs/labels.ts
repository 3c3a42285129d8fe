/** Display labels of report keys: category names for ids, the enumerations' labels, country names. */
import { countryName, labelOf } from '../../schemas/logEnums';
import { fieldLabels } from '../../schemas/fieldLabels';
import type { LogType } from '../../schemas/logs';
import { CATEGORY_GROUPS, CATEGORY_LABEL_OF } from './catalog';

const GROUP_LABEL_OF = new Map(CATEGORY_GROUPS.map((g) => [g.value, g.label]));

/** The label of `key`, a value of `field` in events of `logType`; undefined when the key is its own label. */
export function keyLabel(logType: LogType, field: string, key: string): string | undefined {
  let label: string | undefined;
  if (field === 'cats') label = CATEGORY_LABEL_OF.get(key);
  else if (field === 'webroot_cats') label = GROUP_LABEL_OF.get(key);
  else if (field === 'country') label = countryName(key);
  else {
    const labels = fieldLabels(logType, field);
    if (labels) label = labelOf(labels, key);
  }
  return label === undefined || label === key ? undefined : label;
}
