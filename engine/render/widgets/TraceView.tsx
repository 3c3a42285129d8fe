/**
 * Traces side by side (`TracePanel`s of definitions/define.ts): per panel its outcomes, each with the groups of steps
 * consulted in order; a step shows its outcome and why, and opens to its checks (expected, found, held or not). The
 * deciding step is open and marked. Generic: what the panels hold comes from the definition.
 */
import { Accordion, Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TraceCheck, TracePanel, TraceStep, TraceTone } from '../../../definitions/define';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const TONE_COLOUR: Readonly<Record<TraceTone, string>> = { positive: 'teal', negative: 'red', caution: 'orange', neutral: 'blue', muted: 'gray' };
const CHECK_TEXT: Readonly<Record<TraceCheck['result'], { label: string; colour: string }>> = {
  pass: { label: 'Holds', colour: 'teal' },
  fail: { label: 'Fails', colour: 'red' },
  skip: { label: 'Not set', colour: 'gray' },
};

function Checks({ checks }: { readonly checks: readonly TraceCheck[] }) {
  const set = checks.filter((c) => c.result !== 'skip');
  if (set.length === 0) return <Text size="sm" c="dimmed">No condition: applies to every request.</Text>;
  return (
    <Table fz="sm" verticalSpacing={4} withRowBorders={false} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="24%">Condition</Table.Th>
          <Table.Th>Rule</Table.Th>
          <Table.Th>Request</Table.Th>
          <Table.Th w={76}>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {set.map((c) => (
          <Table.Tr key={c.label}>
            <Table.Td>{c.label}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.expected}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.actual || <Text span size="sm" c="dimmed">(none)</Text>}</Table.Td>
            <Table.Td>
              <Badge size="sm" variant="light" color={CHECK_TEXT[c.result].colour}>
                {CHECK_TEXT[c.result].label}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StepTitle({ step }: { readonly step: TraceStep }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
      <Text size="sm" fw={step.decisive ? 700 : 400} truncate>
        {step.title}
      </Text>
      <Badge size="sm" variant={step.decisive ? 'filled' : 'light'} color={TONE_COLOUR[step.tone]} style={{ flexShrink: 0 }}>
        {step.badge}
      </Badge>
    </Group>
  );
}

function Steps({ steps }: { readonly steps: readonly TraceStep[] }) {
  const open = steps.filter((s) => s.decisive).map((s, i) => `${s.title}-${i}`);
  return (
    <Accordion multiple defaultValue={open} chevronPosition="left" styles={{ control: { paddingBlock: 2 }, label: { paddingBlock: 6 } }}>
      {steps.map((step, i) => (
        <Accordion.Item key={`${step.title}-${i}`} value={step.decisive ? `${step.title}-${i}` : `${step.title}-${i}-`}>
          <Accordion.Control aria-label={`${step.title}: ${step.badge}`}>
            <StepTitle step={step} />
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm">{step.note}</Text>
              {step.checks.length > 0 && <Checks checks={step.checks} />}
              {step.link && (
                <Anchor href={`#${step.link}`} size="sm">
                  Open the rule&apos;s screen
                </Anchor>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The panels side by side (one column on narrow windows, or always when `stacked`, as in a drawer). */
export function TraceView({ panels, label, stacked = false }: { readonly panels: readonly TracePanel[]; readonly label: string; readonly stacked?: boolean }) {
  return (
    <SimpleGrid cols={stacked ? 1 : { base: 1, md: Math.min(panels.length, 2) }} spacing="md" role="region" aria-label={label}>
      {panels.map((panel) => (
        <Stack key={panel.title} gap="sm" miw={0}>
          <Box>
            <Title order={3} size="h4">
              {panel.title}
            </Title>
            {panel.subtitle && (
              <Text size="sm" c="dimmed">
                {panel.subtitle}
              </Text>
            )}
          </Box>
          {panel.outcomes.map((o) => (
            <Paper key={o.title} withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{o.title}</Text>
                  <Badge color={TONE_COLOUR[o.tone]} size="lg" variant="filled">
                    {o.value}
                  </Badge>
                </Group>
                <Text size="sm">{o.summary}</Text>
                {o.groups.length > 0 && (
                  <Accordion variant="contained" chevronPosition="left">
                    <Accordion.Item value="trace">
                      <Accordion.Control>
                        <Text size="sm">Trace: {count(o.groups.reduce((n, g) => n + g.steps.length, 0), 'rule')} in {count(o.groups.length, 'list')}</Text>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Stack gap="sm">
                          {o.groups.map((g) => (
                            <Stack key={g.title} gap={4}>
                              <Group gap="xs" justify="space-between">
                                <Text size="sm" fw={600}>
                                  {g.link ? <Anchor href={`#${g.link}`}>{g.title}</Anchor> : g.title}
                                </Text>
                              </Group>
                              <Text size="xs" c="dimmed">
                                {g.note}
                              </Text>
                              {g.steps.length > 0 && <Steps steps={g.steps} />}
                            </Stack>
                          ))}
                        </Stack>
                      </Accordion.Panel>
                    </Accordion.Item>
                  </Accordion>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
