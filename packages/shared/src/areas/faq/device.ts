/**
 * The FAQ as a TV receives it (the `faq` configuration part, docs/tv.md "Areas"): the hotel's
 * categories in their order, each with its entries shown on TV. No schema: the TV carries no zod.
 */
export interface FaqConfigPart {
  categories: FaqCategoryOnTv[];
}

export interface FaqCategoryOnTv {
  id: number;
  name: string;
  /** The English name; the TV shows `name` in English when it is empty. */
  nameEn: string | null;
  entries: FaqEntryOnTv[];
}

export interface FaqEntryOnTv {
  id: number;
  title: string;
  /** Rich text cleaned by the server's allow-list on write (HTML). */
  content: string;
}

interface CategoryRow {
  id: number;
  name: string;
  nameEn?: string | null;
  sort?: number | null;
}
interface EntryRow {
  id: number;
  title: string;
  content: string;
  categoryId: number;
  enabled?: boolean | null;
}

/**
 * The part from one hotel's rows: categories by their sort (larger first, then older first), the
 * entries shown on TV in the order they were written; a category without such entries is left out.
 * The server builds it for a TV, a console's preview from the rows the console lists.
 */
export function faqPart(categories: readonly CategoryRow[], entries: readonly EntryRow[]): FaqConfigPart {
  const shown = entries.filter((entry) => entry.enabled !== false).sort((a, b) => a.id - b.id);
  return {
    categories: [...categories]
      .sort((a, b) => (b.sort ?? 0) - (a.sort ?? 0) || a.id - b.id)
      .map((category) => ({
        id: category.id,
        name: category.name,
        nameEn: category.nameEn || null,
        entries: shown.filter((entry) => entry.categoryId === category.id).map(({ id, title, content }) => ({ id, title, content })),
      }))
      .filter((category) => category.entries.length > 0),
  };
}
