// "New student" on /home/students: a dialog with the name, e-mail, an optional course to give and tags, sent as
// POST /student (checked with the server's schema first). A new person gets an invitation e-mail; a known
// student gets the course and tags. Either way the admin lands on the student's page.
import { useState } from "react";
import { UserPlus } from "lucide-react";
import { useNavigate } from "react-router";
import { createStudentSchema } from "#core/students/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { Button } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { type CourseChoice, CourseSelect } from "./course-select.tsx";
import { toast } from "#app/ui/toast.tsx";
import { TagChoices, type TagOption } from "./tag-choices.tsx";

/** A form's fields as the JSON body: the ticked tags as an array of ids. */
export function bodyWithTags(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (key !== "tag_ids") body[key] = String(value);
  body.tag_ids = form.getAll("tag_ids").map(String);
  return body;
}

export function NewStudentDialog({ courses, tags }: { courses: CourseChoice[]; tags: TagOption[] }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useApiForm<{ student: { name: string; url: string }; outcome: "created" | "existing" }>({
    url: "/student",
    schema: createStudentSchema,
    toBody: bodyWithTags,
    onSuccess: ({ student, outcome }) => {
      toast.success(t(`students:added_${outcome}`, { name: student.name }));
      setOpen(false);
      void navigate(student.url);
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="md"
      title={t("students:new_title")}
      description={t("students:new_intro")}
      trigger={
        <Button>
          <UserPlus aria-hidden className="size-4" />
          {t("students:new_student")}
        </Button>
      }
    >
      <form onSubmit={form.onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={form.message} />
        <Field label={t("students:name")} name="name" autoComplete="off" required errors={form.errors.name} />
        <Field
          label={t("students:email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          errors={form.errors.email}
        />
        <CourseSelect label={t("students:course")} courses={courses} errors={form.errors.course_id} />
        <TagChoices legend={t("students:tags")} tags={tags} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary">{t("cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={form.pending}>
            {t("students:add")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
