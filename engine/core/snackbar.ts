/**
 * Headless snackbar queue: the core (HTTP client, session, jobs) raises notices without React; the render layer's
 * SnackbarHost subscribes and shows them. Durations and texts come from schemas/constants.
 */
import { SNACKBAR_DEFAULT_MS } from '../../schemas/constants';

export type SnackbarKind = 'info' | 'success' | 'error' | 'warning';

export interface SnackbarNotice {
  readonly id: number;
  readonly kind: SnackbarKind;
  readonly message: string;
  /** How long it stays, in ms. */
  readonly duration: number;
  /** Show a Close button. */
  readonly closable: boolean;
  /** Where it appears; the login error shows at the top (spec 002 §8). */
  readonly position: 'top' | 'bottom';
}

type Listener = (notices: readonly SnackbarNotice[]) => void;

let nextId = 1;
let notices: readonly SnackbarNotice[] = [];
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const l of listeners) l(notices);
}

/** Shows a notice; returns its id. */
export function showSnackbar(input: {
  message: string;
  kind?: SnackbarKind;
  duration?: number;
  closable?: boolean;
  position?: 'top' | 'bottom';
}): number {
  const notice: SnackbarNotice = {
    id: nextId++,
    kind: input.kind ?? 'info',
    message: input.message,
    duration: input.duration ?? SNACKBAR_DEFAULT_MS,
    closable: input.closable ?? true,
    position: input.position ?? 'bottom',
  };
  notices = [...notices, notice];
  timers.set(notice.id, setTimeout(() => dismissSnackbar(notice.id), notice.duration));
  emit();
  return notice.id;
}

export function dismissSnackbar(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (!notices.some((n) => n.id === id)) return;
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function subscribeSnackbars(listener: Listener): () => void {
  listeners.add(listener);
  listener(notices);
  return () => listeners.delete(listener);
}

export const currentSnackbars = (): readonly SnackbarNotice[] => notices;
