import { SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { OptionSource } from '../../../definitions/define';
import { describeValue, type ChangeOptions } from '../../core/changes';
import { useOptionsFromFields } from '../form/optionSources';
import { getPath, type FieldSpec } from '../form/schemaFields';
import type { Row } from './tableColumns';

/**
 * A row's fields in words (core/changes.ts `describeValue`: labels, objects by their fields, and names of the ids its
 * `optionsFrom` fields hold, loaded once a row is expanded).
 */
export function RowDetails({ row, fields, sources }: { row: Row; fields: readonly FieldSpec[]; sources: Readonly<Record<string, OptionSource>> }) {
  const lookups = useOptionsFromFields(sources);
  const options = useMemo<ChangeOptions>(() => {
    const names = new Map([...lookups].map(([field, choices]) => [field, new Map(choices.map((o) => [o.value, o.label]))]));
    return { nameOf: (path, value) => names.get(path)?.get(value) };
  }, [lookups]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" p="xs">
      {fields.map((f) => {
        const text = describeValue(f.schema, getPath(row, f.name), options, f.name);
        return (
          <Text key={f.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">{`${f.label}: `}</Text>
            {text === '' ? '—' : text}
          </Text>
        );
      })}
    </SimpleGrid>
  );
}

