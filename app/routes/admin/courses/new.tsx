// /home/courses/new: a new course starts with a title (the address is generated from it unless the author
// types one) and opens in the course editor. Also a plain form (POST /home/courses) before hydration.
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AuthoredCourse } from "#core/catalog/authored.ts";
import { newCourseSchema, TITLE_MAX } from "#core/catalog/authoring-schemas.ts";
import { slugify } from "#core/catalog/course-slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { authoringErrorFromQuery } from "#app/features/authoring/page-data.ts";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "authoring:new_course");
}

// Nothing to load: the area's gate (the admin layout's loader) decides who sees the form, and POST
// /home/courses asks core's catalog policy.
export function loader() {
  return null;
}

export default function NewCoursePage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState("");
  const form = useApiForm<{ course: AuthoredCourse }>({
    url: "/home/courses",
    schema: newCourseSchema,
    onSuccess: ({ course }) => void navigate(`/home/courses/${course.id}`),
  });
  const queryError = authoringErrorFromQuery(location.search);
  const address = slugify(slug) || slugify(title);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("authoring:new_course")}</h1>
      <form
        method="post"
        action="/home/courses"
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
      >
        <CsrfField />
        <FormAlert message={form.message ?? (queryError ? t(queryError) : undefined)} />
        <Field
          label={t("authoring:title")}
          name="title"
          required
          maxLength={TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          errors={form.errors.title}
          autoFocus
        />
        <Field
          label={t("authoring:slug_optional")}
          name="slug"
          maxLength={200}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          hint={t("authoring:slug_hint", { path: `/${address || "…"}` })}
          errors={form.errors.slug}
          autoCapitalize="none"
          spellCheck={false}
        />
        <p className="text-sm text-muted">{t("authoring:new_course_hint")}</p>
        <Button type="submit" disabled={form.pending} className="self-start">
          {t("authoring:create_course")}
        </Button>
      </form>
    </div>
  );
}
