/** Operator sign-in for API tests of the provider console: the hosted identity provider's token, then oauth/login. */
import { randomUUID } from 'node:crypto';
import { ApiClient } from './helpers';

export const API = '/gdmanage/api';

export async function operator(username: 'operator' | 'support' = 'operator'): Promise<ApiClient> {
  const client = new ApiClient();
  await client.start();
  const token = await client.post('/gdmanage/idp/token', { body: { username, password: `${username}-demo` } });
  if (token.status !== 200) throw new Error(`IdP token for ${username}: ${token.status} ${token.text}`);
  const login = await client.get(`${API}/oauth/login?identity_provider=local&access_token=${encodeURIComponent(token.body.access_token)}`);
  if (login.status !== 200) throw new Error(`oauth/login for ${username}: ${login.status} ${login.text}`);
  return client;
}

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
