// The builder's blocks: listed in order, dragged to a new order (also with the keyboard: the curriculum editor's
// SortableList), edited in place, removed after a confirmation, and added at the end, through the §7 block calls
// (/home/subpages/{subpageId}/blocks).
import { type ReactNode, useState } from "react";
import {
  AlignLeft,
  Columns2,
  GalleryHorizontal,
  Heading,
  HelpCircle,
  Image as ImageIcon,
  Inbox,
  LayoutGrid,
  MessageSquareQuote,
  BadgeDollarSign,
  UserRound,
  Pencil,
  Plus,
  ShoppingCart,
  Timer,
  Trash2,
  Video,
  type LucideIcon,
} from "lucide-react";
import type { BlockView } from "#core/pages/page-records.ts";
import type { CourseChoice, FormChoice } from "#core/pages/get-page-for-editing.ts";
import { blockTypes, type BlockType } from "#core/pages/schemas.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { toast } from "#app/ui/toast.tsx";
import { type DragHandle, SortableList } from "#app/features/authoring/sortable-list.tsx";
import { BlockForm, type Settings } from "./block-form.tsx";

const icons: Record<BlockType, LucideIcon> = {
  heading: Heading,
  text: AlignLeft,
  image: ImageIcon,
  video: Video,
  faq: HelpCircle,
  checkout: ShoppingCart,
  lead_form: Inbox,
  countdown: Timer,
  carousel: GalleryHorizontal,
  before_after: Columns2,
  gallery: LayoutGrid,
  testimonials: MessageSquareQuote,
  pricing: BadgeDollarSign,
  bio: UserRound,
};

/** A carousel's or gallery's images in the list: how many, and the first one's description. */
function pictures(list: unknown): string {
  const images = (list as { alt: string; caption: string }[] | undefined) ?? [];
  const first = images[0];
  return [`${images.length} ×`, first?.caption || first?.alt || ""].join(" ").trim();
}

function summary(block: BlockView, courses: CourseChoice[], forms: FormChoice[]): string {
  const s = block.settings;
  const courseTitle = () => courses.find((c) => c.id === s.course_id)?.title ?? "";
  switch (block.type) {
    case "heading":
      return String(s.text ?? "");
    case "text":
      return String(s.markdown ?? "")
        .replace(/[#>*_`[\]()!-]+/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 90);
    case "image":
      return String(s.alt || s.caption || s.image || "");
    case "video":
      return String(s.title || s.url || "");
    case "faq":
      return (s.items as { question: string }[]).map((i) => i.question).join(" · ");
    case "checkout":
      return courseTitle();
    case "lead_form":
      return forms.find((f) => f.id === s.form_id)?.name ?? "";
    case "countdown":
      return s.mode === "promo" ? courseTitle() : `${String(s.minutes)} min`;
    case "carousel":
      return pictures(s.slides);
    case "gallery":
      return pictures(s.images);
    case "before_after":
      return [s.before_alt, s.after_alt].filter(Boolean).join(" · ");
    case "testimonials":
      return (s.items as { name: string }[]).map((i) => i.name).join(" · ");
    case "bio":
      return [s.name, s.role].filter(Boolean).join(" · ");
    case "pricing":
      return (s.plans as { name: string }[]).map((p) => p.name).join(" · ");
  }
}

/** Runs a save: null when it went through, the 422's field errors when refused, {} otherwise (toasted). */
async function saving(run: () => Promise<unknown>): Promise<FieldMessages | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return Object.keys(error.errors).length ? error.errors : { _: [error.message] };
    return {};
  }
}

export function BlocksEditor({
  pageId,
  blocks: loaded,
  courses,
  forms,
  onChanged,
}: {
  pageId: number;
  blocks: BlockView[];
  courses: CourseChoice[];
  forms: FormChoice[];
  onChanged: () => void;
}) {
  const t = useT();
  const base = `/home/subpages/${pageId}/blocks`;
  const [blocks, setBlocks] = useState(loaded);
  const [source, setSource] = useState(loaded);
  if (source !== loaded) {
    setSource(loaded);
    setBlocks(loaded);
  }
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState<BlockType | null>(null);
  const typeLabel = (type: BlockType) => t(`pages:type_${type}`);

  async function reorder(next: BlockView[]) {
    const before = blocks;
    setBlocks(next);
    try {
      await api("POST", `${base}/order`, { ids: next.map((b) => b.id) });
      toast.success(t("pages:order_saved"));
    } catch (error) {
      setBlocks(before);
      if (error instanceof ApiError && error.status === 422) toast.error(error.errors.ids?.[0] ?? error.message);
    }
    onChanged();
  }

  function form(type: BlockType, block: BlockView | null, close: () => void): ReactNode {
    return (
      <BlockForm
        type={type}
        value={block?.settings ?? null}
        courses={courses}
        forms={forms}
        onCancel={close}
        onSave={async (settings: Settings) => {
          const errors = await saving(() =>
            block ? api("PUT", `${base}/${block.id}`, { settings }) : api("POST", base, { type, settings }),
          );
          if (errors === null) {
            toast.success(t(block ? "pages:block_saved" : "pages:block_added"));
            close();
            onChanged();
          }
          return errors;
        }}
      />
    );
  }

  return (
    <section aria-labelledby="blocks-title" className="flex flex-col gap-4">
      <h2 id="blocks-title" className="text-xl font-semibold">
        {t("pages:blocks")}
      </h2>
      {blocks.length === 0 && !adding ? (
        <EmptyState text={t("pages:no_blocks")} />
      ) : (
        <SortableList
          items={blocks}
          itemLabel={(b) => `${typeLabel(b.type)}: ${summary(b, courses, forms)}`}
          label={t("pages:blocks_list")}
          onReorder={reorder}
          className="flex flex-col gap-3"
          renderItem={(block, handle) => (
            <BlockCard
              block={block}
              handle={handle}
              title={typeLabel(block.type)}
              summary={summary(block, courses, forms)}
              editing={editing === block.id}
              onEdit={() => {
                setAdding(null);
                setEditing(editing === block.id ? null : block.id);
              }}
              onDelete={async () => {
                await api("DELETE", `${base}/${block.id}`);
                toast.success(t("pages:block_deleted"));
                if (editing === block.id) setEditing(null);
                onChanged();
              }}
            >
              {editing === block.id && form(block.type, block, () => setEditing(null))}
            </BlockCard>
          )}
        />
      )}

      {adding && (
        <div className="rounded-xl bg-white p-4 shadow-sm ring-2 ring-brand-600/40 sm:p-6" data-testid="new-block">
          <h3 className="mb-4 font-semibold">{typeLabel(adding)}</h3>
          {form(adding, null, () => setAdding(null))}
        </div>
      )}

      <div role="group" aria-label={t("pages:add_block")} className="flex flex-wrap gap-2">
        {blockTypes.map((type) => {
          const Icon = icons[type];
          return (
            <Button
              key={type}
              variant="secondary"
              aria-pressed={adding === type}
              data-add-block={type}
              onClick={() => {
                setEditing(null);
                setAdding(adding === type ? null : type);
              }}
            >
              <Plus aria-hidden className="size-4" />
              <Icon aria-hidden className="size-4" />
              {typeLabel(type)}
            </Button>
          );
        })}
      </div>
    </section>
  );
}

function BlockCard({
  block,
  handle,
  title,
  summary: text,
  editing,
  onEdit,
  onDelete,
  children,
}: {
  block: BlockView;
  handle: DragHandle;
  title: string;
  summary: string;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  const Icon = icons[block.type];
  return (
    <article
      data-block-id={block.id}
      data-block-type={block.type}
      className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <header className="flex items-center gap-2 p-2 sm:p-3">
        {handle}
        <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-ink">{title}</h3>
          <p className="truncate text-sm text-muted">{text}</p>
        </div>
        <Button
          variant="ghost"
          className="px-2"
          aria-expanded={editing}
          aria-label={`${t("pages:edit")}: ${title}`}
          onClick={onEdit}
        >
          <Pencil aria-hidden className="size-4" />
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" className="px-2 text-red-700" aria-label={`${t("pages:delete_block")}: ${title}`}>
              <Trash2 aria-hidden className="size-4" />
            </Button>
          }
          title={t("pages:delete_block")}
          description={t("pages:delete_block_confirm")}
          confirmLabel={t("pages:delete_block")}
          onConfirm={onDelete}
        />
      </header>
      {editing && <div className="border-t border-gray-100 p-4 sm:p-6">{children}</div>}
    </article>
  );
}
