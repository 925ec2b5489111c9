// Drag to reorder (sections, lectures, components) with the mouse, touch or the keyboard: focus an item's
// handle, press Space or Enter to pick it up, move it with the arrow keys, Space or Enter to drop it, Escape
// to cancel. Screen readers hear the instructions and each move, in the page's language (dnd-kit).
import { type CSSProperties, type ReactNode, useId, useRef } from "react";
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";

export type DragHandle = ReactNode;

export function SortableList<T extends { id: number }>({
  items,
  itemLabel,
  onReorder,
  renderItem,
  label,
  className,
}: {
  items: T[];
  /** the item's name in announcements and in its handle's label */
  itemLabel: (item: T) => string;
  /** the whole list in its new order */
  onReorder: (items: T[]) => void;
  renderItem: (item: T, handle: DragHandle) => ReactNode;
  label: string;
  className?: string;
}) {
  const t = useT();
  // A stable id, the same on the server and in the browser (dnd-kit's own counter would differ after hydration).
  const id = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (itemId: UniqueIdentifier) => {
    const item = items.find((i) => i.id === itemId);
    return item ? itemLabel(item) : "";
  };
  const positionOf = (itemId: UniqueIdentifier) => items.findIndex((i) => i.id === itemId) + 1;
  const count = items.length;
  // Only a real move is announced: the item is "over" its own place as soon as it is picked up, and saying
  // so would replace the "picked up" announcement at once.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t("authoring:drag_picked_up", { name: nameOf(active.id), position: positionOf(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t("authoring:drag_moved", { name: nameOf(active.id), position: positionOf(over.id), count });
    },
    onDragEnd: ({ active, over }) =>
      over ? t("authoring:drag_dropped", { name: nameOf(active.id), position: positionOf(over.id), count }) : undefined,
    onDragCancel: ({ active }) => t("authoring:drag_cancelled", { name: nameOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  }

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("authoring:drag_instructions") } }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className={className}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} name={itemLabel(item)}>
              {(handle) => renderItem(item, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  name,
  children,
}: {
  id: number;
  name: string;
  children: (handle: DragHandle) => ReactNode;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    attributes: { roleDescription: t("authoring:drag_role") },
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: "relative",
    zIndex: isDragging ? 10 : undefined,
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t("authoring:drag_handle", { name })}
      className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted hover:bg-gray-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="size-5" />
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} data-sortable-id={id} className={clsx(isDragging && "opacity-80 shadow-lg")}>
      {children(handle)}
    </li>
  );
}
