// "Add lecture" in a section: a dialog that starts from the server's new-lecture defaults
// (GET .../lectures/create) and stores the lecture at the end of the section.
import { type FormEvent, useState } from "react";
import { Plus } from "lucide-react";
import { lectureSchema } from "#core/catalog/authoring-schemas.ts";
import type { NewLectureDefaults } from "#core/catalog/new-lecture-defaults.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { toast } from "#app/ui/toast.tsx";
import { lectureBody, type LectureFieldValues, LectureFields } from "./lecture-fields.tsx";

const empty: LectureFieldValues = { title: "", duration_minutes: "", access: "paid", status: "draft" };

export function NewLectureDialog({
  courseId,
  section,
  onCreated,
}: {
  courseId: number;
  section: { id: number; title: string };
  onCreated: () => void;
}) {
  const t = useT();
  const url = `/home/courses/${courseId}/sections/${section.id}/lectures`;
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);

  // The form opens with the server's defaults, fetched first (so they never overwrite what is being typed).
  const [opening, setOpening] = useState(false);
  async function start(next: boolean) {
    if (!next) return setOpen(false);
    setErrors({});
    setOpening(true);
    try {
      const { lecture } = await api<NewLectureDefaults>("GET", `${url}/create`);
      setValues({
        title: lecture.title,
        duration_minutes: lecture.duration_minutes ? String(lecture.duration_minutes) : "",
        access: lecture.access,
        status: lecture.status,
      });
    } catch {
      // the form starts from its own defaults; the api wrapper has said what went wrong
      setValues(empty);
    } finally {
      setOpening(false);
    }
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = lectureBody(values);
    const checked = lectureSchema.safeParse(body);
    if (!checked.success) {
      const fields = fieldErrorsOf(checked.error, body);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => t(m.key, m.values ?? {}))])),
      );
      return;
    }
    setPending(true);
    try {
      await api("POST", url, body);
      toast.success(t("authoring:lecture_added"));
      setOpen(false);
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => void start(next)}
      size="md"
      title={t("authoring:new_lecture_in", { title: section.title })}
      trigger={
        <Button variant="ghost" disabled={opening} aria-label={t("authoring:add_lecture_to", { title: section.title })}>
          <Plus aria-hidden className="size-4" />
          {t("authoring:add_lecture")}
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-6">
        <LectureFields values={values} onChange={setValues} errors={errors} autoFocus />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary">{t("cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {t("authoring:add_lecture")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
