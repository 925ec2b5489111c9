// A lecture's components in the lecture editor: listed in order, dragged to a new order (also with the
// keyboard), edited in place, deleted after a confirmation, and added at the end. Text, embedded videos and
// quizzes are edited here; uploaded videos, PDFs and files by the media editors when they are present.
import { type ComponentType, type ReactNode, useState } from "react";
import { FileText, HelpCircle, Link2, Pencil, Plus, Trash2, Video, type LucideIcon } from "lucide-react";
import type { AuthoredComponent } from "#core/catalog/authored.ts";
import type { ComponentData, ComponentKind } from "#core/catalog/component-data.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import { EmbedEditor, MarkdownEditor, QuizEditor, type SaveData } from "./component-editors.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { type DragHandle, SortableList } from "./sortable-list.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";

export type LecturePath = { courseId: number; sectionId: number; lectureId: number };

/** An editor of a kind whose files are uploaded (video, PDF, file): it saves by itself, then calls onSaved. */
export type MediaEditor = ComponentType<LecturePath & { value: unknown; onSaved: () => void }>;
export type MediaEditors = Partial<Record<"video" | "pdf" | "file", MediaEditor>>;

const icons: Record<ComponentKind, LucideIcon> = {
  markdown: FileText,
  video: Video,
  embed: Link2,
  pdf: FileText,
  file: FileText,
  quiz: HelpCircle,
};

const ownKinds = ["markdown", "embed", "quiz"] as const;

function summary(component: Pick<AuthoredComponent, "kind" | "data">, t: ReturnType<typeof useT>): string {
  const data = component.data as Record<string, unknown>;
  switch (component.kind) {
    case "markdown": {
      const text = String(data.markdown ?? "")
        .replace(/[#>*_`[\]()!-]+/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return text.length > 90 ? `${text.slice(0, 90)}…` : text || t("authoring:markdown_empty");
    }
    case "embed":
      return String(data.url ?? "");
    case "quiz":
      return t("authoring:question_count", { count: Array.isArray(data.questions) ? data.questions.length : 0 });
    case "video":
      return typeof data.title === "string" && data.title
        ? data.title
        : t("authoring:video_number", { id: String(data.video_id ?? "") });
    default:
      return String(data.filename ?? "");
  }
}

function OwnEditor({
  kind,
  value,
  onSave,
  onCancel,
}: {
  kind: (typeof ownKinds)[number];
  value: unknown;
  onSave: SaveData;
  onCancel: () => void;
}) {
  if (kind === "markdown")
    return <MarkdownEditor value={value as ComponentData<"markdown"> | null} onSave={onSave} onCancel={onCancel} />;
  if (kind === "embed")
    return <EmbedEditor value={value as ComponentData<"embed"> | null} onSave={onSave} onCancel={onCancel} />;
  return <QuizEditor value={value as ComponentData<"quiz"> | null} onSave={onSave} onCancel={onCancel} />;
}

const isOwnKind = (kind: ComponentKind): kind is (typeof ownKinds)[number] =>
  (ownKinds as readonly string[]).includes(kind);

/** Runs a save: null when it went through, the 422's field errors ("data.x") when refused, {} otherwise (toasted). */
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

export function ComponentsEditor({
  path,
  components: loaded,
  mediaEditors,
  onChanged,
}: {
  path: LecturePath;
  components: AuthoredComponent[];
  mediaEditors: MediaEditors;
  onChanged: () => void;
}) {
  const t = useT();
  const base = `/home/courses/${path.courseId}/sections/${path.sectionId}/lectures/${path.lectureId}/components`;
  const [components, setComponents] = useState(loaded);
  const [source, setSource] = useState(loaded);
  if (source !== loaded) {
    setSource(loaded);
    setComponents(loaded);
  }
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState<ComponentKind | null>(null);
  const addable = [...ownKinds, ...(["video", "pdf", "file"] as const).filter((kind) => mediaEditors[kind])];

  async function reorder(next: AuthoredComponent[]) {
    const before = components;
    setComponents(next);
    try {
      await api("POST", `${base}/order`, { ids: next.map((c) => c.id) });
    } catch (error) {
      setComponents(before);
      if (error instanceof ApiError && error.status === 422) toast.error(error.errors.ids?.[0] ?? error.message);
    }
    onChanged();
  }

  const kindLabel = (kind: ComponentKind) => t(`authoring:kind_${kind}`);

  function editorFor(kind: ComponentKind, component: AuthoredComponent | null, close: () => void): ReactNode {
    if (isOwnKind(kind)) {
      return (
        <OwnEditor
          kind={kind}
          value={component?.data ?? null}
          onCancel={close}
          onSave={async (data) => {
            const errors = await saving(() =>
              component ? api("PUT", `${base}/${component.id}`, { data }) : api("POST", base, { kind, data }),
            );
            if (errors === null) {
              toast.success(t("saved"));
              close();
              onChanged();
            }
            return errors;
          }}
        />
      );
    }
    const Media = mediaEditors[kind as "video" | "pdf" | "file"];
    if (!Media) return null;
    return (
      <div className="flex flex-col gap-3">
        <Media
          {...path}
          value={component?.data ?? null}
          onSaved={() => {
            close();
            onChanged();
          }}
        />
        <Button variant="secondary" className="self-start" onClick={close}>
          {t("cancel")}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="components-title" className="flex flex-col gap-4">
      <div>
        <h2 id="components-title" className="text-xl font-semibold">
          {t("authoring:components")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("authoring:components_hint")}</p>
      </div>
      {components.length === 0 && !adding ? (
        <EmptyState text={t("authoring:no_components")} />
      ) : (
        <SortableList
          items={components}
          itemLabel={(c) => `${kindLabel(c.kind)}: ${summary(c, t)}`}
          label={t("authoring:components")}
          onReorder={reorder}
          className="flex flex-col gap-3"
          renderItem={(component, handle) => (
            <ComponentCard
              component={component}
              handle={handle}
              icon={icons[component.kind]}
              title={kindLabel(component.kind)}
              summary={summary(component, t)}
              editable={isOwnKind(component.kind) || Boolean(mediaEditors[component.kind as "video" | "pdf" | "file"])}
              editing={editing === component.id}
              onEdit={() => {
                setAdding(null);
                setEditing(editing === component.id ? null : component.id);
              }}
              onDelete={async () => {
                await api("DELETE", `${base}/${component.id}`);
                toast.success(t("authoring:component_deleted"));
                if (editing === component.id) setEditing(null);
                onChanged();
              }}
            >
              {editing === component.id && editorFor(component.kind, component, () => setEditing(null))}
            </ComponentCard>
          )}
        />
      )}

      {adding && (
        <div className="rounded-xl bg-white p-4 shadow-sm ring-2 ring-brand-600/40 sm:p-6" data-testid="new-component">
          <h3 className="mb-4 font-semibold">{t("authoring:new_component", { kind: kindLabel(adding) })}</h3>
          {editorFor(adding, null, () => setAdding(null))}
        </div>
      )}

      <div role="group" aria-label={t("authoring:add_component")} className="flex flex-wrap gap-2">
        {addable.map((kind) => {
          const Icon = icons[kind];
          return (
            <Button
              key={kind}
              variant="secondary"
              aria-pressed={adding === kind}
              onClick={() => {
                setEditing(null);
                setAdding(adding === kind ? null : kind);
              }}
            >
              <Plus aria-hidden className="size-4" />
              <Icon aria-hidden className="size-4" />
              {t(`authoring:add_${kind}`)}
            </Button>
          );
        })}
      </div>
    </section>
  );
}

function ComponentCard({
  component,
  handle,
  icon: Icon,
  title,
  summary: text,
  editable,
  editing,
  onEdit,
  onDelete,
  children,
}: {
  component: AuthoredComponent;
  handle: DragHandle;
  icon: LucideIcon;
  title: string;
  summary: string;
  editable: boolean;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <article
      data-component-id={component.id}
      data-component-kind={component.kind}
      className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <header className="flex items-center gap-2 p-2 sm:p-3">
        {handle}
        <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold text-ink">{title}</h3>
          <p className="truncate text-sm text-muted">{text}</p>
        </div>
        {editable && (
          <Button
            variant="ghost"
            className="px-2"
            aria-expanded={editing}
            aria-label={t("authoring:edit_component", { kind: title })}
            onClick={onEdit}
          >
            <Pencil aria-hidden className="size-4" />
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              className="px-2 text-red-700"
              aria-label={t("authoring:delete_component", { kind: title })}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          }
          title={t("authoring:delete_component_title", { kind: title })}
          description={t("authoring:delete_component_text")}
          confirmLabel={t("authoring:delete")}
          onConfirm={onDelete}
        />
      </header>
      {editing && <div className="border-t border-gray-100 p-4 sm:p-6">{children}</div>}
    </article>
  );
}
