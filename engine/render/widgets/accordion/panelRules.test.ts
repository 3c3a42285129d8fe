import { describe, expect, it } from 'vitest';
import {
  canOpenPanel,
  canSave,
  closePanels,
  goNext,
  initialAccordionState,
  nextPanelId,
  nextState,
  openPanel,
  type PanelSpec,
} from './panelRules';

const panels: PanelSpec[] = [
  { id: 'general' },
  { id: 'hiddenOne', hidden: true },
  { id: 'conditions' },
  { id: 'notes', optional: true },
  { id: 'action' },
  { id: 'extras', optional: true },
];

describe('creating', () => {
  const start = initialAccordionState(panels, 'create');
  it('opens the first panel, marks it viewed and leaves later required panels disabled', () => {
    expect(start.open).toBe('general');
    expect(start.status.general).toEqual({ enabled: true, viewed: true });
    expect(start.status.conditions).toEqual({ enabled: false, viewed: false });
    expect(canOpenPanel(start, panels, 'conditions', 'create')).toBe(false);
    expect(openPanel(start, panels, 'conditions', 'create')).toBe(start);
  });
  it('enables the optional panels after the opened one', () => {
    expect(start.status.notes?.enabled).toBe(true);
    expect(start.status.extras?.enabled).toBe(true);
    expect(start.status.notes?.viewed).toBe(false);
  });
  it('keeps Next disabled while the open panel is invalid', () => {
    expect(nextState(start, panels, { general: false })).toEqual({ shown: true, enabled: false });
    expect(goNext(start, panels, { general: false }, 'create')).toBe(start);
  });
  it('moves on, skipping hidden panels, enabling and viewing the next one and closing the others', () => {
    const s = goNext(start, panels, { general: true }, 'create');
    expect(s.open).toBe('conditions');
    expect(s.status.conditions).toEqual({ enabled: true, viewed: true });
    expect(s.status.hiddenOne?.enabled).toBe(false);
  });
  it('can reopen a viewed panel and close them all', () => {
    const s = goNext(start, panels, { general: true }, 'create');
    expect(openPanel(s, panels, 'general', 'create').open).toBe('general');
    expect(closePanels(s).open).toBeNull();
  });
  it('never opens a hidden panel', () => {
    expect(canOpenPanel(start, panels, 'hiddenOne', 'edit')).toBe(false);
  });
  it('offers no Next on the last shown panel', () => {
    const s = openPanel(start, panels, 'extras', 'create');
    expect(nextState(s, panels, { extras: true })).toEqual({ shown: false, enabled: false });
    expect(nextPanelId(panels, 'extras')).toBeNull();
    expect(nextPanelId(panels, 'general')).toBe('conditions');
  });
});

describe('editing', () => {
  it('lets every shown panel be opened', () => {
    const s = initialAccordionState(panels, 'edit');
    expect(openPanel(s, panels, 'action', 'edit').open).toBe('action');
    expect(canOpenPanel(s, panels, 'conditions', 'edit')).toBe(true);
  });
});

describe('save', () => {
  it('is enabled only when the last shown panel is valid and saving is allowed', () => {
    expect(canSave(panels, { extras: true }, true)).toBe(true);
    expect(canSave(panels, { extras: false, general: true }, true)).toBe(false);
    expect(canSave(panels, { extras: true }, false)).toBe(false);
    expect(canSave([{ id: 'a' }, { id: 'b', hidden: true }], { a: true }, true)).toBe(true);
    expect(canSave([], {}, true)).toBe(false);
  });
});
