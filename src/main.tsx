/**
 * Entry of the portal's shell (index.html loads boot.ts, which imports this): the shell over the portal's catalog
 * (src/generated/catalog.gen.ts), without the provider console's sections.
 */
import { catalog } from './generated/catalog.gen';
import { startShell } from './startShell';

void startShell(catalog);
