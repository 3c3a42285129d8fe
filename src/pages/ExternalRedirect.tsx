/** A route that leaves the hash routes with a full page load (insights, docs). */
import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';

export function ExternalRedirect({ href }: { href: string }) {
  useEffect(() => window.location.assign(href), [href]);
  return (
    <Center py="xl">
      <Loader aria-label="Leaving the portal" />
    </Center>
  );
}
