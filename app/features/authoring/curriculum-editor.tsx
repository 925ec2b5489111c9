// The course editor's curriculum: sections in order, each with its lectures in order. Sections and lectures
// are added, renamed (sections here, lectures in their own editor), deleted after a confirmation, and dragged
// to a new order with the mouse, touch or the keyboard (sortable-list.tsx). A new order shows at once and is
// sent as POST .../order; if the server refuses it (the list was out of date), the page reloads its data.
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Clock, Layers, Pencil, Plus, Trash2 } from "lucide-react";
import type { CurriculumLecture, CurriculumSection } from "#core/catalog/list-sections.ts";
import { sectionSchema, TITLE_MAX } from "#core/catalog/authoring-schemas.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { formatMinutes } from "#platform/i18n/format.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { LectureAccessBadge, LectureStatusBadge } from "./badges.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { NewLectureDialog } from "./new-lecture-dialog.tsx";
import { DripDialog } from "./drip-dialog.tsx";
import { type DragHandle, SortableList } from "./sortable-list.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";

/** Sends a new order; a refusal is shown (the caller puts the previous order back). */
async function sendOrder(url: string, ids: number[]): Promise<boolean> {
  try {
    await api("POST", url, { ids });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) toast.error(error.errors.ids?.[0] ?? error.message);
    return false;
  }
}

function useTitleErrors() {
  const t = useT();
  return (title: string): string[] | undefined => {
    const checked = sectionSchema.safeParse({ title });
    if (checked.success) return undefined;
    return fieldErrorsOf(checked.error, { title }).title?.map((m) => t(m.key, m.values ?? {}));
  };
}

export function CurriculumEditor({
  courseId,
  sections: loaded,
  onChanged,
}: {
  courseId: number;
  sections: CurriculumSection[];
  onChanged: () => void;
}) {
  const t = useT();
  // The loader's sections, with a drag's new order shown before the server has answered.
  const [sections, setSections] = useState(loaded);
  const [source, setSource] = useState(loaded);
  if (source !== loaded) {
    setSource(loaded);
    setSections(loaded);
  }

  async function reorderSections(next: CurriculumSection[]) {
    const before = sections;
    setSections(next);
    const ok = await sendOrder(
      `/home/courses/${courseId}/sections/order`,
      next.map((s) => s.id),
    );
    if (!ok) setSections(before);
    onChanged();
  }

  async function reorderLectures(sectionId: number, next: CurriculumLecture[]) {
    const before = sections;
    setSections((current) => current.map((s) => (s.id === sectionId ? { ...s, lectures: next } : s)));
    const ok = await sendOrder(
      `/home/courses/${courseId}/sections/${sectionId}/lectures/order`,
      next.map((l) => l.id),
    );
    if (!ok) setSections(before);
    onChanged();
  }

  return (
    <section aria-labelledby="curriculum-title" className="flex flex-col gap-4">
      <div>
        <h2 id="curriculum-title" className="text-xl font-semibold">
          {t("authoring:curriculum")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("authoring:curriculum_hint")}</p>
      </div>
      {sections.length === 0 ? (
        <EmptyState text={t("authoring:no_sections")} />
      ) : (
        <SortableList
          items={sections}
          itemLabel={(section) => section.title}
          label={t("authoring:sections_list")}
          onReorder={reorderSections}
          className="flex flex-col gap-4"
          renderItem={(section, handle) => (
            <SectionCard
              courseId={courseId}
              section={section}
              handle={handle}
              onChanged={onChanged}
              onReorderLectures={(next) => reorderLectures(section.id, next)}
            />
          )}
        />
      )}
      <AddSection courseId={courseId} onAdded={onChanged} />
    </section>
  );
}

function SectionCard({
  courseId,
  section,
  handle,
  onChanged,
  onReorderLectures,
}: {
  courseId: number;
  section: CurriculumSection;
  handle: DragHandle;
  onChanged: () => void;
  onReorderLectures: (next: CurriculumLecture[]) => void;
}) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const minutes = section.lectures.reduce((sum, l) => sum + l.duration_minutes, 0);
  const sectionUrl = `/home/courses/${courseId}/sections/${section.id}`;
  return (
    <article
      aria-labelledby={`section-${section.id}`}
      data-section-id={section.id}
      className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 p-2 sm:p-3">
        {handle}
        <div className="min-w-0 flex-1">
          {renaming ? (
            <RenameSection
              url={sectionUrl}
              title={section.title}
              onDone={(changed) => {
                setRenaming(false);
                if (changed) onChanged();
              }}
            />
          ) : (
            <>
              <h3 id={`section-${section.id}`} className="font-semibold break-words text-ink">
                {section.title}
              </h3>
              <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted">
                <span className="inline-flex items-center gap-1">
                  <Layers aria-hidden className="size-3.5" />
                  {t("authoring:lecture_count", { count: section.lectures.length })}
                </span>
                {minutes > 0 && (
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden className="size-3.5" />
                    {formatMinutes(minutes)}
                  </span>
                )}
              </p>
              <DripDialog url={sectionUrl} name={section.title} drip={section} onSaved={onChanged} />
            </>
          )}
        </div>
        {!renaming && (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              className="px-2"
              aria-label={t("authoring:rename_section", { title: section.title })}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden className="size-4" />
            </Button>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  className="px-2 text-red-700"
                  aria-label={t("authoring:delete_section", { title: section.title })}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              }
              title={t("authoring:delete_section_title", { title: section.title })}
              description={t("authoring:delete_section_text", { count: section.lectures.length })}
              confirmLabel={t("authoring:delete")}
              onConfirm={async () => {
                await api("DELETE", sectionUrl);
                toast.success(t("authoring:section_deleted"));
                onChanged();
              }}
            />
          </div>
        )}
      </header>
      {section.lectures.length === 0 ? (
        <p className="px-4 py-3 text-sm text-muted">{t("authoring:no_lectures")}</p>
      ) : (
        <SortableList
          items={section.lectures}
          itemLabel={(lecture) => lecture.title}
          label={t("authoring:lectures_of", { title: section.title })}
          onReorder={onReorderLectures}
          className="divide-y divide-gray-100"
          renderItem={(lecture, lectureHandle) => (
            <LectureRow
              courseId={courseId}
              sectionUrl={sectionUrl}
              lecture={lecture}
              handle={lectureHandle}
              onChanged={onChanged}
            />
          )}
        />
      )}
      <div className="border-t border-gray-100 p-2 sm:p-3">
        <NewLectureDialog courseId={courseId} section={section} onCreated={onChanged} />
      </div>
    </article>
  );
}

function LectureRow({
  courseId,
  sectionUrl,
  lecture,
  handle,
  onChanged,
}: {
  courseId: number;
  sectionUrl: string;
  lecture: CurriculumLecture;
  handle: DragHandle;
  onChanged: () => void;
}) {
  const t = useT();
  return (
    <div
      data-lecture-id={lecture.id}
      className="flex flex-wrap items-center gap-x-2 gap-y-1 bg-white px-2 py-1.5 sm:px-3"
    >
      {handle}
      <div className="flex min-w-0 flex-1 flex-col gap-1 py-1 sm:flex-row sm:items-center sm:gap-3">
        <Link
          to={`/home/courses/${courseId}/lectures/${lecture.id}`}
          className="min-w-0 font-medium break-words text-brand-700 underline-offset-4 hover:underline"
        >
          {lecture.title}
        </Link>
        <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted sm:ml-auto">
          {lecture.duration_minutes > 0 && (
            <span className="tabular-nums">{formatMinutes(lecture.duration_minutes)}</span>
          )}
          <LectureAccessBadge access={lecture.access} />
          <LectureStatusBadge status={lecture.status} />
          <span>{t("authoring:component_count", { count: lecture.component_count })}</span>
          <DripDialog
            url={`${sectionUrl}/lectures/${lecture.id}`}
            name={lecture.title}
            drip={lecture}
            onSaved={onChanged}
          />
        </span>
      </div>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            className="px-2 text-red-700"
            aria-label={t("authoring:delete_lecture", { title: lecture.title })}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        }
        title={t("authoring:delete_lecture_title", { title: lecture.title })}
        description={t("authoring:delete_lecture_text")}
        confirmLabel={t("authoring:delete")}
        onConfirm={async () => {
          await api("DELETE", `${sectionUrl}/lectures/${lecture.id}`);
          toast.success(t("authoring:lecture_deleted"));
          onChanged();
        }}
      />
    </div>
  );
}

function RenameSection({ url, title, onDone }: { url: string; title: string; onDone: (changed: boolean) => void }) {
  const t = useT();
  const titleErrors = useTitleErrors();
  const [value, setValue] = useState(title);
  const [errors, setErrors] = useState<string[]>();
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = titleErrors(value);
    if (local) return setErrors(local);
    setPending(true);
    try {
      await api("PUT", url, { title: value });
      toast.success(t("saved"));
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors.title ?? [error.message]);
    } finally {
      setPending(false);
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onKeyDown={(event) => {
        if (event.key === "Escape") onDone(false);
      }}
    >
      <Field
        label={t("authoring:section_title")}
        name="title"
        value={value}
        maxLength={TITLE_MAX}
        onChange={(event) => setValue(event.target.value)}
        errors={errors}
        autoFocus
        className="flex-1"
      />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={pending}>
          {t("save")}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

function AddSection({ courseId, onAdded }: { courseId: number; onAdded: () => void }) {
  const t = useT();
  const titleErrors = useTitleErrors();
  const [title, setTitle] = useState("");
  const [errors, setErrors] = useState<string[]>();
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = titleErrors(title);
    if (local) return setErrors(local);
    setPending(true);
    setErrors(undefined);
    try {
      await api("POST", `/home/courses/${courseId}/sections`, { title });
      setTitle("");
      toast.success(t("authoring:section_added"));
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors.title ?? [error.message]);
    } finally {
      setPending(false);
    }
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-start"
    >
      <Field
        label={t("authoring:new_section_title")}
        name="title"
        value={title}
        maxLength={TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        errors={errors}
        className="flex-1"
      />
      <Button type="submit" disabled={pending} className="sm:mt-6">
        <Plus aria-hidden className="size-4" />
        {t("authoring:add_section")}
      </Button>
    </form>
  );
}
