/**
 * One entry of a choice source's list (`choicesFrom`, `stringChoicesFrom`, `optionsFrom`) as a choice: an object's
 * value and label fields (the value when it has no label), or a string entry as both.
 */
import type { ChoicesFrom } from '../../../definitions/define';
import { getPath } from './schemaFields';

export function choiceEntry(from: Pick<ChoicesFrom, 'value' | 'label'>, entry: unknown): { value: string; label: string } {
  if (entry === null || typeof entry !== 'object') return { value: String(entry), label: String(entry) };
  const value = String(getPath(entry, from.value));
  const label = from.label ? getPath(entry, from.label) : undefined;
  return { value, label: label === undefined || label === null || label === '' ? value : String(label) };
}

/** The entries of a loaded answer's list `list` (none when the answer has no such list). */
export const choiceEntries = (answer: Readonly<Record<string, unknown>> | undefined, list: string): readonly unknown[] => {
  const entries = answer ? getPath(answer, list) : undefined;
  return Array.isArray(entries) ? entries : [];
};
