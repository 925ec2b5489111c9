// The header of one item of an ordered list the admin builds (a survey's or an exam's questions, a lead form's
// fields): its title, and buttons to move it up or down and to remove it (keyboard-friendly, named for screen
// readers with the item's number).
import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "./button.tsx";

/** The list with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ItemHeader<T>({
  title,
  index,
  items,
  onItems,
  labels,
}: {
  title: ReactNode;
  index: number;
  items: readonly T[];
  /** the list after a move or a removal */
  onItems: (next: T[]) => void;
  labels: { up: string; down: string; remove: string };
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm font-medium text-muted">{title}</p>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          aria-label={labels.up}
          disabled={index === 0}
          onClick={() => onItems(moved(items, index, index - 1))}
        >
          <ArrowUp aria-hidden className="size-4" />
        </Button>
        <Button
          variant="ghost"
          aria-label={labels.down}
          disabled={index === items.length - 1}
          onClick={() => onItems(moved(items, index, index + 1))}
        >
          <ArrowDown aria-hidden className="size-4" />
        </Button>
        <Button variant="ghost" aria-label={labels.remove} onClick={() => onItems(items.filter((_, i) => i !== index))}>
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  );
}
