// The sample course's exam in Polish at 390 px (English: exams.spec.ts), the same flow (tests/e2e/exam-flow.ts).
import { test } from "../fixtures.ts";
import { takeSampleExam } from "../exam-flow.ts";

test.use({ viewport: { width: 390, height: 844 } });

test("kursant oblewa egzamin, a w drugim podejściu go zdaje", async ({ page, server }) => {
  // Two whole attempts with a reload and axe on each page: three times the usual time.
  test.slow();
  await takeSampleExam(page, server, "pl", 390);
});
