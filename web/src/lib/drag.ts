// Drag as an option beside tapping (issue 38): a Svelte action on a card or the stock that
// follows a finger or the mouse with pointer events (so touch works as the mouse does) and
// tells what it was dropped on. Drop targets are elements with `data-drop="kind"` or
// `data-drop="kind:value"` (the hand, a card of the hand, a combination, the pile). A
// press that moves less than THRESHOLD px stays a tap: the element's click is untouched;
// after a drag the click that follows is swallowed, so a drag is never also a tap.

export interface DropTarget { kind: string; value: string }

export interface DragOptions {
  enabled: boolean;
  ondrop: (target: DropTarget) => void;
}

export const THRESHOLD = 10; // px a press moves before it is a drag

/** The drop target `data-drop` names (`kind` or `kind:value`). */
export function parseDrop(text: string | null | undefined): DropTarget | null {
  if (!text) return null;
  const at = text.indexOf(":");
  return at < 0 ? { kind: text, value: "" } : { kind: text.slice(0, at), value: text.slice(at + 1) };
}

/** Whether a press has moved far enough to be a drag. */
export function isDrag(dx: number, dy: number): boolean {
  return dx * dx + dy * dy >= THRESHOLD * THRESHOLD;
}

function targetAt(x: number, y: number, self: HTMLElement): HTMLElement | null {
  const hit = document.elementFromPoint(x, y);
  const found = hit instanceof Element ? hit.closest<HTMLElement>("[data-drop]") : null;
  return found && found !== self ? found : null;
}

export function draggable(node: HTMLElement, options: DragOptions): { update: (o: DragOptions) => void; destroy: () => void } {
  let opts = options;
  let start: { x: number; y: number; id: number } | null = null;
  let ghost: HTMLElement | null = null;
  let over: HTMLElement | null = null;
  let offset = { x: 0, y: 0 };
  let swallowUntil = 0;

  const mark = (el: HTMLElement | null): void => {
    if (over === el) return;
    over?.classList.remove("drop-over");
    el?.classList.add("drop-over");
    over = el;
  };

  function end(): void {
    ghost?.remove();
    ghost = null;
    mark(null);
    node.classList.remove("dragging");
    start = null;
  }

  function down(e: PointerEvent): void {
    if (!opts.enabled || (e.pointerType === "mouse" && e.button !== 0)) return;
    start = { x: e.clientX, y: e.clientY, id: e.pointerId };
  }

  function move(e: PointerEvent): void {
    if (!start || e.pointerId !== start.id) return;
    if (!ghost) {
      if (!isDrag(e.clientX - start.x, e.clientY - start.y)) return;
      try { node.setPointerCapture(e.pointerId); } catch { /* the pointer is gone */ }
      const box = node.getBoundingClientRect();
      offset = { x: start.x - box.left, y: start.y - box.top };
      ghost = node.cloneNode(true) as HTMLElement;
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("drag-ghost");
      Object.assign(ghost.style, {
        position: "fixed", left: "0", top: "0", width: `${box.width}px`, height: `${box.height}px`,
        margin: "0", pointerEvents: "none", zIndex: "1000", opacity: "0.85",
      });
      document.body.append(ghost);
      node.classList.add("dragging");
    }
    e.preventDefault();
    ghost.style.transform = `translate(${e.clientX - offset.x}px, ${e.clientY - offset.y}px)`;
    mark(targetAt(e.clientX, e.clientY, node));
  }

  function up(e: PointerEvent): void {
    if (!start || e.pointerId !== start.id) return;
    const dragged = ghost !== null;
    const target = dragged ? targetAt(e.clientX, e.clientY, node) : null;
    end();
    if (!dragged) return;
    swallowUntil = performance.now() + 500;
    const drop = parseDrop(target?.dataset.drop);
    if (drop) opts.ondrop(drop);
  }

  function click(e: MouseEvent): void {
    if (performance.now() < swallowUntil) {
      swallowUntil = 0;
      e.stopImmediatePropagation();
      e.preventDefault();
    }
  }

  node.addEventListener("pointerdown", down);
  node.addEventListener("pointermove", move);
  node.addEventListener("pointerup", up);
  node.addEventListener("pointercancel", end);
  node.addEventListener("click", click, true);
  return {
    update: (o) => { opts = o; },
    destroy: () => {
      end();
      node.removeEventListener("pointerdown", down);
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", end);
      node.removeEventListener("click", click, true);
    },
  };
}
