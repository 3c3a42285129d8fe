/**
 * Which application a page of the build is. The tenant's admin portal (`index.html`) and the provider console
 * (`provider/index.html`, `<html data-application="provider">`) are the same shell and engine over the generated
 * catalog; an application shows only the sections whose `application` is its id, and says how its users sign in and
 * keep their session.
 */
import type { SessionDeps } from '../engine/core/session';

export interface Application {
  /** The sections it shows: those whose `application` is this id (the portal's have none). */
  readonly id: string;
  /** The header's and the page titles' name instead of the product name. */
  readonly title?: string;
  /** Its session calls, when not the portal's (which depend on the deployment). */
  readonly session?: Pick<SessionDeps['ops'], 'userInfo' | 'logout' | 'cookieRefresh'>;
  /** Sign-in at an identity provider the server hosts: credentials for a token (`token`), exchanged for a session (`exchange`). */
  readonly signIn?: { readonly token: string; readonly exchange: string };
  /** Whether it edits the tenant's policy (the header's revision and Publish). */
  readonly policyRevision: boolean;
}

export const PORTAL_APPLICATION: Application = { id: 'portal', policyRevision: true };

const APPLICATIONS: Readonly<Record<string, Application>> = {
  portal: PORTAL_APPLICATION,
  provider: {
    id: 'provider',
    title: 'Provider console',
    session: { userInfo: 'provider.me', logout: 'provider.sessionLogout', cookieRefresh: 'provider.sessionCookie' },
    signIn: { token: 'provider.idpToken', exchange: 'provider.oauthLogin' },
    policyRevision: false,
  },
};

/** The application of this page (its root element's `data-application`), the portal by default. */
export const currentApplication = (root: HTMLElement = document.documentElement): Application =>
  APPLICATIONS[root.dataset.application ?? 'portal'] ?? PORTAL_APPLICATION;
