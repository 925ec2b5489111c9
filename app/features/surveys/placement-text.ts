// Where a survey shows, in words: "In the student area", "In <course>, after “<lecture>”", ...
import type { TFunction } from "i18next";
import type { SurveyPlacement } from "#platform/db/schema.ts";

export function placementText(
  t: TFunction,
  survey: {
    placement: SurveyPlacement;
    course_title: string | null;
    lecture_title: string | null;
    product_title: string | null;
  },
): string {
  if (survey.placement === "product") return t("surveys:placement_product", { product: survey.product_title ?? "" });
  if (survey.placement === "course_lecture" || survey.placement === "course_completion") {
    return t(`surveys:placement_${survey.placement}`, {
      course: survey.course_title ?? "",
      lecture: survey.lecture_title ?? "",
    });
  }
  return t(`surveys:placement_${survey.placement}`);
}
