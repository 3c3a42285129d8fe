/**
 * Labelled values read from an answer (a form's `initial.facts`): a description list, each value as code with a copy
 * button, for values an administrator copies into another system (an address, an identifier, a fingerprint).
 */
import { Box, Button, Code, CopyButton, Group, Text } from '@mantine/core';
import type { Fact } from '../../../definitions/define';

export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 16, rowGap: 8 }}>
      {facts.map((fact) => (
        <Box key={fact.label} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" fw={600} pt={2}>
            {fact.label}
          </Text>
          <Group component="dd" m={0} gap="xs" wrap="nowrap" align="flex-start">
            <Code style={{ wordBreak: 'break-all', flex: 1, minWidth: 0 }}>{fact.value}</Code>
            <CopyButton value={fact.value}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant={copied ? 'filled' : 'subtle'} onClick={copy} aria-label={`Copy ${fact.label}`} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Box>
      ))}
    </Box>
  );
}
