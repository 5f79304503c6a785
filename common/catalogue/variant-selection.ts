// The product page's variant picker (docs/product/catalogue.md#product-page-selection): options are chosen in
// the order color -> memory -> coverWarranty; each choice narrows the next one's values.

export const OPTION_ORDER = ['color', 'memory', 'coverWarranty'] as const;
export type OptionKey = (typeof OPTION_ORDER)[number];

export type PickerVariant = {
  id: string;
  name: string;
  color: string | null;
  memory: string | null;
  coverWarranty: string | null;
};

export type Selection = Record<OptionKey, string | null>;

export const EMPTY_SELECTION: Selection = { color: null, memory: null, coverWarranty: null };

/** The categories whose first color and memory are chosen for the shopper. */
export const AUTO_SELECT_CATEGORIES = ['mobile phones', 'tablets'];

/** Option keys that at least one variant uses, in picker order. */
export function usedOptions(variants: PickerVariant[]): OptionKey[] {
  return OPTION_ORDER.filter((key) => variants.some((v) => v[key] != null && v[key] !== ''));
}

function matchesBefore(v: PickerVariant, selection: Selection, key: OptionKey): boolean {
  for (const k of OPTION_ORDER) {
    if (k === key) return true;
    if (selection[k] != null && v[k] !== selection[k]) return false;
  }
  return true;
}

/** The values offered for `key`, given the choices made for the keys before it (first-seen order). */
export function optionChoices(variants: PickerVariant[], selection: Selection, key: OptionKey): string[] {
  const seen = new Set<string>();
  for (const v of variants) {
    const value = v[key];
    if (value != null && value !== '' && matchesBefore(v, selection, key)) seen.add(value);
  }
  return [...seen];
}

/** The exchange warranty's "Not availed" value (0 months). */
export const WARRANTY_NOT_AVAILED = '0';

/**
 * The value an open option takes by itself once the options before it are chosen: its only
 * value, or for the exchange warranty "Not availed", an add-on the shopper opts into. Without
 * it the page shows a price range until a warranty is picked, though the shopper asked for none.
 */
function defaultChoice(key: OptionKey, choices: string[]): string | null {
  if (choices.length === 1) return choices[0]!;
  if (key === 'coverWarranty' && choices.includes(WARRANTY_NOT_AVAILED)) return WARRANTY_NOT_AVAILED;
  return null;
}

/**
 * Chooses a value; later options that no longer fit are cleared, and a later option with a
 * single possible value (or the warranty, as "Not availed") is filled in.
 */
export function chooseOption(variants: PickerVariant[], selection: Selection, key: OptionKey, value: string | null): Selection {
  const next: Selection = { ...selection, [key]: value };
  const after = OPTION_ORDER.slice(OPTION_ORDER.indexOf(key) + 1);
  // Filling stops at the first option left open: a later one is only offered once it is chosen.
  let filling = value != null;
  for (const k of after) {
    const choices = optionChoices(variants, next, k);
    if (next[k] != null && !choices.includes(next[k])) next[k] = null;
    if (filling && next[k] == null) next[k] = defaultChoice(k, choices);
    if (next[k] == null && choices.length > 0) filling = false;
  }
  return next;
}

/** Fills the leading options that have only one value (an accessory in one colour). */
function fillSingleChoices(variants: PickerVariant[]): Selection {
  const selection = EMPTY_SELECTION;
  for (const key of OPTION_ORDER) {
    const choices = optionChoices(variants, selection, key);
    if (choices.length === 0) continue;
    if (choices.length > 1) break;
    return chooseOption(variants, selection, key, choices[0]!);
  }
  return selection;
}

/** The variant the selection designates, once every option the variants use is chosen. */
export function resolveVariant<V extends PickerVariant>(variants: V[], selection: Selection): V | null {
  const keys = usedOptions(variants);
  if (variants.length === 1 && keys.every((k) => selection[k] === variants[0][k])) return variants[0];
  if (keys.length === 0) return null;
  if (keys.some((k) => selection[k] == null)) return null;
  return variants.find((v) => keys.every((k) => (v[k] ?? null) === selection[k])) ?? null;
}

function selectionOf(v: PickerVariant): Selection {
  return { color: v.color, memory: v.memory, coverWarranty: v.coverWarranty };
}

function normalise(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/** The variants whose name and options contain the most of the query's words (none when no word matches). */
export function variantsForQuery<V extends PickerVariant>(variants: V[], query: string): V[] {
  const words = normalise(query);
  if (words.length === 0) return [];
  const scored = variants.map((v) => {
    const haystack = new Set(normalise([v.name, v.color, v.memory, v.coverWarranty].filter(Boolean).join(' ')));
    return { v, score: words.filter((w) => haystack.has(w)).length };
  });
  const best = Math.max(0, ...scored.map((s) => s.score));
  return best === 0 ? [] : scored.filter((s) => s.score === best).map((s) => s.v);
}

/**
 * What a search query preselects: the options (in picker order) that every best-matching
 * variant shares. 'galaxy blue' picks Blue and leaves memory open when Blue comes in two sizes.
 */
export function selectionForQuery(variants: PickerVariant[], query: string): Selection | null {
  const matches = variantsForQuery(variants, query);
  if (matches.length === 0 || matches.length === variants.length) return null;
  let selection = EMPTY_SELECTION;
  for (const key of OPTION_ORDER) {
    const value = matches[0][key];
    if (value == null || matches.some((m) => m[key] !== value)) break;
    selection = { ...selection, [key]: value };
  }
  return selection === EMPTY_SELECTION ? null : selection;
}

/**
 * The picker's starting point: the variant query parameter wins, then the search query, then a
 * lone variant; for Mobile phones and Tablets the first color and its first memory; otherwise
 * the leading options that have a single value. The warranty then starts at "Not availed".
 */
export function initialSelection(
  variants: PickerVariant[],
  context: { variantId?: string | null; searchQuery?: string | null; categoryName?: string | null },
): Selection {
  const byId = context.variantId ? variants.find((v) => v.id === context.variantId) : undefined;
  if (byId) return selectionOf(byId);
  const byQuery = context.searchQuery ? selectionForQuery(variants, context.searchQuery) : null;
  if (byQuery) {
    // Re-choosing the last preselected option fills what follows it as a click would.
    const last = [...OPTION_ORDER].reverse().find((key) => byQuery[key] != null);
    return last ? chooseOption(variants, byQuery, last, byQuery[last]) : byQuery;
  }
  if (variants.length === 1) return selectionOf(variants[0]);
  const category = context.categoryName?.trim().toLowerCase() ?? '';
  if (AUTO_SELECT_CATEGORIES.includes(category)) {
    let selection = EMPTY_SELECTION;
    for (const key of ['color', 'memory'] as const) {
      const first = optionChoices(variants, selection, key)[0];
      if (first != null) selection = chooseOption(variants, selection, key, first);
    }
    return selection;
  }
  return fillSingleChoices(variants);
}

/** Labels for the picker: exchange warranty months 0 means not availed (docs/product/catalogue.md#product-page-selection). */
export function optionValueLabel(key: OptionKey, value: string): string {
  if (key !== 'coverWarranty') return value;
  const months = Number.parseInt(value, 10);
  if (months === 0) return 'Not availed';
  return Number.isFinite(months) && /^\d+$/.test(value.trim()) ? `${months} months` : value;
}

export const OPTION_LABELS: Record<OptionKey, string> = {
  color: 'Color',
  memory: 'Memory',
  coverWarranty: 'Exchange Warranty',
};
