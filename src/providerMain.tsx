/**
 * Entry of the provider console (provider/index.html): the shell over the console's catalog
 * (src/generated/catalog.provider.gen.ts), without the portal's sections.
 */
import { catalog } from './generated/catalog.provider.gen';
import { startShell } from './startShell';

void startShell(catalog);
