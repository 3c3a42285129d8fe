/**
 * The table body's keyboard model (the WAI-ARIA grid pattern, by rows): the body is one tab stop, the row last
 * focused (the first at the start); the arrow keys move between rows and, with Right and Left, through the focused
 * row's controls (check box, links, buttons, menus, inputs) and back to the row; Escape returns to the row. Every
 * control inside a row is kept out of the Tab order here, in the DOM, whoever rendered it (a cell renderer, a menu
 * that downloads when it first opens), so no renderer has to know about it and rows need not re-render.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** A body row of a data table (the expanded row's panel is a row without the key, and keeps its own Tab order). */
export const ROW_SELECTOR = 'tr[data-row-key]';

/** The controls that take the focus by themselves. */
const NATIVE = 'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [contenteditable]:not([contenteditable="false"])';
/** What can take the focus by Tab or by a click: the controls, and elements given a tab index. */
const FOCUSABLE = `${NATIVE}, [tabindex]`;
/** Marks an element that was a tab stop by its tab index alone (not one its author kept out of the Tab order). */
const MARK = 'data-row-control';

/** Input types that are not typed into: the arrow keys are the table's on them. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range']);

/** Whether an element takes typing (a text or number field, a select, an editable region): its keys stay its own. */
export function isTextEntry(el: Element): boolean {
  if (el instanceof HTMLInputElement) return !NOT_TYPED.has(el.type);
  return el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);
}

/** A control inside a body row (not the row itself). */
const inRow = (el: Element) => {
  const row = el.closest(ROW_SELECTOR);
  return row !== null && row !== el;
};

/** Takes a row's control out of the Tab order (it still takes the focus from the arrow keys and clicks). */
function demote(el: Element): void {
  if (!(el instanceof HTMLElement) || el.getAttribute('tabindex') === '-1' || !inRow(el)) return;
  if (!el.matches(NATIVE)) el.setAttribute(MARK, '');
  el.tabIndex = -1;
}

/** Takes every control inside the rows under `root` (or `root` itself) out of the Tab order. */
export function demoteRowControls(root: Element): void {
  if (root.matches(FOCUSABLE)) demote(root);
  for (const el of root.querySelectorAll(FOCUSABLE)) demote(el);
}

/** The row's controls that can take the focus now, in reading order. */
export function rowControls(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(`${NATIVE}, [${MARK}]`)].filter(
    (el) => !(el as HTMLInputElement).disabled && el.closest('[hidden], [aria-hidden="true"], [inert]') === null,
  );
}

/**
 * The control after (`+1`) or before (`-1`) `from` in the row, the row itself before the first and after the last
 * (so Left on the row reaches the last control, past a text field that keeps the arrows).
 */
export function nextInRow(row: HTMLElement, from: Element, step: 1 | -1): HTMLElement {
  const stops = [row, ...rowControls(row)];
  // The control holding the focus (or holding what has it); the row when it is none of them.
  const at = Math.max(stops.findLastIndex((el) => el === from || el.contains(from)), 0);
  const next = (at + step + stops.length) % stops.length;
  return stops[next]!;
}

/**
 * Keeps the controls of the rows under `box` out of the Tab order: those rendered now, and those added or given a
 * tab index later (rows scrolled into a virtualised list, a cell that re-renders, a menu button swapped in). Only
 * what changed is looked at.
 */
export function useRowTabStops(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = box.current;
    if (!root) return;
    demoteRowControls(root);
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes') demote(r.target as Element);
        else for (const node of r.addedNodes) if (node instanceof Element) demoteRowControls(node);
      }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => observer.disconnect();
  }, [box]);
}
