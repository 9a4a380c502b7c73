// The fragment a page was opened with (after the '#'). A table page's is a seat's link
// (/table/ROOM#seat=N&token=T, lib/seatlink.ts), whose token must not stay in the address
// bar, where it is bookmarked, synced or sent on: main.ts takes it out first thing, before
// anything that can fail (the words' load), and the page reads it from memory. Any other
// page's fragment (an invite's, a spectator's, a replay's, a club's token) is its link
// itself, left in the bar so that a reload opens it again.

export interface Page {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
}

/** The fragment of `page`'s address ("#..." or ""); on a table page taken out of the
 *  address bar at once (history.replaceState: no load, no hashchange). */
export function takeFragment(page: Page = window): string {
  const { hash, pathname, search } = page.location;
  if (hash && pathname.startsWith("/table/")) {
    page.history.replaceState(page.history.state, "", `${pathname}${search}`);
  }
  return hash;
}
