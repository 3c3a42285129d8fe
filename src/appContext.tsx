/** What the portal shell is wired with at start-up: the generated catalog, the deployment and the session. */
import { createContext, useContext } from 'react';
import type { Environment } from '../schemas/access';
import type { PortalConfig } from '../schemas/auth';
import { PRODUCT_NAME } from '../schemas/constants';
import type { Session } from '../engine/core/session';
import type { Application } from './application';
import type { Catalog } from './shell/catalog';

export interface AppServices {
  /** Sections and screen metadata (src/generated/catalog.gen.ts); a screen's definition loads when it opens. */
  readonly catalog: Catalog;
  readonly config: PortalConfig;
  readonly env: Environment;
  readonly session: Session;
  /** The application this page is (the admin portal or another one of the same shell). */
  readonly application: Application;
  /** `auth.login` in cloud, `dashboard.login` on-prem. */
  readonly loginOperation: 'auth.login' | 'dashboard.login';
}

const AppCtx = createContext<AppServices | null>(null);
export const AppProvider = AppCtx.Provider;

export function useApp(): AppServices {
  const app = useContext(AppCtx);
  if (!app) throw new Error('useApp() needs an <AppProvider> above it');
  return app;
}

/** The product name for titles; the constant until the server's config is known. */
export const ProductNameContext = createContext<string>(PRODUCT_NAME);
