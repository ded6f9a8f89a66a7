import { createContext, useContext, useEffect } from 'react';

/** Names the subject of the tab a page is shown in (provided by `TabPages` for each page). */
export const TabSubjectContext = createContext<((subject: string) => void) | null>(null);

/**
 * A detail page names what it shows (the hotel of a rooms page, the brand of a brand's hotels): its
 * tab then reads "Rooms · <name>" rather than the id in its path. Called with the name once loaded.
 */
export function useTabSubject(subject: string | null | undefined): void {
  const name = useContext(TabSubjectContext);
  useEffect(() => {
    if (name && subject) name(subject);
  }, [name, subject]);
}
