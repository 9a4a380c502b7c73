// Where each card of the hand goes in the dock at the bottom of the screen: one row while
// the cards fit, then overlapped (each still showing its corner, at least 44 px wide), then
// more overlapped rows, so that every card of 27 stays reachable on a 360 px phone.

/** The smallest visible part of a card, each way: a tap target of at least 44 x 44 CSS px. */
export const TOUCH = 44;

export interface Place { x: number; y: number }
export interface HandLayout { places: Place[]; width: number; height: number; rows: number }

/** The places (top left, px) of `n` cards `w` x `h` in `width` px: columns at least `TOUCH`
 *  apart, rows `rowStep` apart (the next row covers the lower part of the one above). */
export function handLayout(n: number, width: number, w: number, h: number, rowStep: number): HandLayout {
  if (n <= 0) return { places: [], width: 0, height: h, rows: 1 };
  const gap = 4;
  const room = Math.max(width, w);
  // as many per row as fit with at least TOUCH px of each card showing
  const perRow = Math.max(1, Math.min(n, Math.floor((room - w) / TOUCH) + 1));
  const rows = Math.ceil(n / perRow);
  const inRow = Math.ceil(n / rows); // the rows share the cards evenly
  const step = inRow > 1 ? Math.min(w + gap, (room - w) / (inRow - 1)) : w + gap;
  const places: Place[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / inRow);
    const col = i % inRow;
    places.push({ x: Math.round(col * step), y: row * rowStep });
  }
  const used = Math.round((inRow - 1) * step) + w;
  return { places, width: used, height: (rows - 1) * rowStep + h, rows };
}
