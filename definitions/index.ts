/**
 * The registry: every section, screen and operation of the portal, listed once. Adding a policy area is one
 * definition file plus one line in `screens` below.
 */
import { authOperations } from './api/auth';
import { policyOperations } from './api/policy';
import { sslBypass } from './policy/web/sslBypass';
import { createRegistry } from './registry';
import { sections } from './sections';

export const registry = createRegistry({
  sections,
  screens: [sslBypass],
  operations: [...authOperations, ...policyOperations],
});
