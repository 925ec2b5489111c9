// The sample course's exam in English (Polish: exams-polish.spec.ts): taken with a reload in the middle, failed,
// then passed on the second attempt (tests/e2e/exam-flow.ts). 1280 px; axe on every page.
import { test } from "../fixtures.ts";
import { takeSampleExam } from "../exam-flow.ts";

test.use({ viewport: { width: 1280, height: 800 } });

test("the sample student fails the exam, then passes it on the second attempt", async ({ page, server }) => {
  // Two whole attempts with a reload and axe on each page: three times the usual time.
  test.slow();
  await takeSampleExam(page, server, "en", 1280);
});
