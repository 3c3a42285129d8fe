/**
 * A section's welcome note (`welcome` of its definition), shown above its screens where its environment rule applies
 * until the administrator closes it; closing is remembered in this browser.
 */
import { Alert } from '@mantine/core';
import { useState } from 'react';
import type { SectionDef } from '../../definitions/define';
import { envAllows, type Environment } from '../../schemas/access';

const storageKey = (section: SectionDef) => `portal.welcome.${section.id}`;

function dismissed(section: SectionDef): boolean {
  try {
    return window.localStorage.getItem(storageKey(section)) === 'closed';
  } catch {
    return false;
  }
}

export function SectionWelcome({ section, env }: { section: SectionDef | undefined; env: Environment }) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const welcome = section?.welcome;
  if (!section || !welcome || !envAllows(welcome.env, env) || closed.has(section.id) || dismissed(section)) return null;
  const close = () => {
    try {
      window.localStorage.setItem(storageKey(section), 'closed');
    } catch {
      // Without storage the note comes back on the next visit.
    }
    setClosed((c) => new Set(c).add(section.id));
  };
  return (
    <Alert title={welcome.title} color="blue" withCloseButton closeButtonLabel="Close the welcome note" onClose={close} mb="md" role="note">
      {welcome.text}
    </Alert>
  );
}
