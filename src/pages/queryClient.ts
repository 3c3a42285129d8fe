import { QueryClient } from '@tanstack/react-query';

/**
 * The screens' query cache. It lives in the lazy screen chunk, so the sign-in screen and the shell do not load the
 * query library; it is emptied when another user signs in.
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

let cachedFor: string | undefined;

/** Drops what an earlier user's session cached. */
export function useCacheOf(uid: string | undefined): QueryClient {
  if (uid !== cachedFor) {
    queryClient.clear();
    cachedFor = uid;
  }
  return queryClient;
}
