// Deleting a course asks the author to type DELETE first (§5): everything in it goes with it.
import { useNavigate } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { DeleteInDangerZone } from "#app/ui/danger-zone.tsx";
import { toast } from "#app/ui/toast.tsx";

export function DeleteCourse({ course }: { course: { id: number; title: string } }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DeleteInDangerZone
      title={t("authoring:danger_zone")}
      text={t("authoring:delete_course_text")}
      buttonLabel={t("authoring:delete_course")}
      dialogTitle={t("authoring:delete_course_title", { title: course.title })}
      typeToConfirm="DELETE"
      onConfirm={async () => {
        await api("DELETE", `/home/courses/${course.id}`);
        toast.success(t("authoring:course_deleted"));
        await navigate("/home/courses");
      }}
    />
  );
}
