/**
 * Rule accordion panel rules (spec 002 §4), headless. Panels start disabled with their initial summary. Opening a
 * panel marks it viewed and enabled and closes the others; in edit mode every panel can be opened. Hidden panels are
 * skipped; optional panels after the opened one become enabled. Next is disabled while the open panel is invalid;
 * Save is enabled only when the last panel is valid and saving is allowed.
 */

export interface PanelSpec {
  readonly id: string;
  readonly optional?: boolean;
  readonly hidden?: boolean;
}

export interface PanelStatus {
  readonly enabled: boolean;
  readonly viewed: boolean;
}

export type AccordionMode = 'create' | 'edit';

export interface AccordionState {
  /** The open panel, or null when all are closed. */
  readonly open: string | null;
  readonly status: Readonly<Record<string, PanelStatus>>;
}

const visible = (panels: readonly PanelSpec[]) => panels.filter((p) => !p.hidden);

/** Whether a panel's header may be used to open it. */
export function canOpenPanel(state: AccordionState, panels: readonly PanelSpec[], id: string, mode: AccordionMode): boolean {
  const panel = panels.find((p) => p.id === id);
  if (!panel || panel.hidden) return false;
  return mode === 'edit' || (state.status[id]?.enabled ?? false);
}

/** Opens a panel (closing the others), marking it viewed and enabled and enabling the optional panels after it. */
export function openPanel(state: AccordionState, panels: readonly PanelSpec[], id: string, mode: AccordionMode): AccordionState {
  if (!canOpenPanel(state, panels, id, mode)) return state;
  const shown = visible(panels);
  const at = shown.findIndex((p) => p.id === id);
  const status: Record<string, PanelStatus> = { ...state.status, [id]: { enabled: true, viewed: true } };
  for (const p of shown.slice(at + 1)) {
    if (p.optional) status[p.id] = { viewed: status[p.id]?.viewed ?? false, enabled: true };
  }
  return { open: id, status };
}

/** Closes the open panel (its header clicked again). */
export const closePanels = (state: AccordionState): AccordionState => ({ ...state, open: null });

/** The state a new accordion starts in: every panel disabled and unviewed, then the first shown panel opened. */
export function initialAccordionState(panels: readonly PanelSpec[], mode: AccordionMode): AccordionState {
  const status = Object.fromEntries(panels.map((p) => [p.id, { enabled: mode === 'edit', viewed: false }]));
  const first = visible(panels)[0];
  const closed: AccordionState = { open: null, status };
  if (!first) return closed;
  return openPanel({ open: null, status: { ...status, [first.id]: { enabled: true, viewed: false } } }, panels, first.id, mode);
}

/** The shown panel after `id`, skipping hidden ones, or null after the last. */
export function nextPanelId(panels: readonly PanelSpec[], id: string): string | null {
  const shown = visible(panels);
  const at = shown.findIndex((p) => p.id === id);
  return at < 0 ? null : (shown[at + 1]?.id ?? null);
}

/** Next is offered while a panel other than the last is open, and enabled only when that panel is valid. */
export function nextState(
  state: AccordionState,
  panels: readonly PanelSpec[],
  validity: Readonly<Record<string, boolean>>,
): { readonly shown: boolean; readonly enabled: boolean } {
  if (state.open === null) return { shown: false, enabled: false };
  const next = nextPanelId(panels, state.open);
  return { shown: next !== null, enabled: next !== null && validity[state.open] === true };
}

/** Moves from the open panel to the next shown one, only when the open panel is valid. */
export function goNext(
  state: AccordionState,
  panels: readonly PanelSpec[],
  validity: Readonly<Record<string, boolean>>,
  mode: AccordionMode,
): AccordionState {
  if (!nextState(state, panels, validity).enabled || state.open === null) return state;
  const next = nextPanelId(panels, state.open)!;
  const enabled = { ...state, status: { ...state.status, [next]: { viewed: state.status[next]?.viewed ?? false, enabled: true } } };
  return openPanel(enabled, panels, next, mode);
}

/** Save is enabled only when the last shown panel is valid and saving is allowed. */
export function canSave(
  panels: readonly PanelSpec[],
  validity: Readonly<Record<string, boolean>>,
  savingAllowed: boolean,
): boolean {
  const shown = visible(panels);
  const last = shown[shown.length - 1];
  return savingAllowed && last !== undefined && validity[last.id] === true;
}
