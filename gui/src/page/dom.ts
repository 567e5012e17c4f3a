// The page's elements by id: every module finds its controls this way, and a missing one
// is a bug in the page, not something to go on without.
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no #${id} in the page`);
  return element as T;
}
