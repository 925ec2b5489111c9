// Deleting a course asks the author to type DELETE first (§5): everything in it goes with it.
import { useNavigate } from "react-router";
import { Trash2 } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { toast } from "#app/ui/toast.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";

export function DeleteCourse({ course }: { course: { id: number; title: string } }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DangerZone title={t("authoring:danger_zone")} text={t("authoring:delete_course_text")}>
      <div className="mt-4">
        <ConfirmDialog
          trigger={
            <Button variant="danger">
              <Trash2 aria-hidden className="size-4" />
              {t("authoring:delete_course")}
            </Button>
          }
          title={t("authoring:delete_course_title", { title: course.title })}
          description={t("authoring:delete_course_text")}
          confirmLabel={t("authoring:delete_course")}
          typeToConfirm="DELETE"
          onConfirm={async () => {
            await api("DELETE", `/home/courses/${course.id}`);
            toast.success(t("authoring:course_deleted"));
            await navigate("/home/courses");
          }}
        />
      </div>
    </DangerZone>
  );
}
