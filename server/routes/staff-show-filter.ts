/*
 * A back-office list's Show filter (the Schools and People finders): one link
 * per choice, each keeping the words typed, the chosen one marked. Links, not
 * a form, so the finder's own form (a combobox with JavaScript) stays as it is.
 */

export interface ShowLink {
  text: string;
  href: string;
  current: boolean;
}

/** The links for `choices` (the first, "all", shows everything), on the list at `path` for the text `q`. */
export function showLinks<Choice extends string>(path: string, q: string, labels: Record<Choice | "all", string>, choices: readonly Choice[], chosen: Choice | undefined): ShowLink[] {
  return [undefined, ...choices].map((value) => {
    const query = new URLSearchParams({ ...(q && { q }), ...(value && { show: value }) }).toString();
    return { text: labels[value ?? "all"], href: query ? `${path}?${query}` : path, current: value === chosen };
  });
}
