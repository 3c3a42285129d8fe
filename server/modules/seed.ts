/** Seeds the demo tenants on the first start (an empty tenants table); later starts leave the data alone. */
import { seedDemo } from '../seed/seedDemo';
import { seedProvider } from '../seed/provider';
import type { ServerModule } from '../types';

export const seedModule: ServerModule = {
  name: 'seed',
  onStart: async (db, _env, { registry }) => {
    await seedDemo(db, registry);
    await seedProvider(db);
  },
};
