// Scoring an attempt (pure). Choice questions are scored at submission: single choice earns its points when the
// correct option is chosen; multiple choice is all-or-nothing (exactly the correct options), since partial credit
// would reward ticking everything. Open answers (text, textarea) wait for the admin's points; an empty one
// scores 0 at once (nothing to grade). The pass mark is a percent of the drawn questions' points.
import { questionKey } from "#core/surveys/question-key.ts";
import { type ExamQuestion, isChoice } from "./schemas.ts";

/** A stored answer: a text, or the chosen option values. */
export type ExamAnswer = string | string[];

function chosenValues(answer: ExamAnswer | undefined): string[] {
  if (answer === undefined) return [];
  return Array.isArray(answer) ? answer : answer === "" ? [] : [answer];
}

/** The points of one answer, or null when a person has to grade it. */
export function scoreAnswer(question: ExamQuestion, answer: ExamAnswer | undefined): number | null {
  if (!isChoice(question)) {
    const text = typeof answer === "string" ? answer.trim() : "";
    return text === "" ? 0 : null;
  }
  const chosen = new Set(chosenValues(answer));
  const correct = question.options.filter((option) => option.correct).map((option) => option.value);
  const exact = chosen.size === correct.length && correct.every((value) => chosen.has(value));
  return exact ? question.points : 0;
}

export function maxScore(questions: readonly ExamQuestion[]): number {
  return questions.reduce((sum, question) => sum + question.points, 0);
}

/** Passed when the score reaches pass_percent of the points (60% of 7 points: 4.2, so 5 passes and 4 fails). */
export function hasPassed(score: number, max: number, passPercent: number): boolean {
  if (max === 0) return true;
  return score * 100 >= passPercent * max;
}

export type ScoredAnswers = {
  /** question key -> points, or null: waiting for grading */
  points: Record<string, number | null>;
  /** the sum so far, or null while an answer waits */
  score: number | null;
};

/** Every drawn question's points from the answers saved in time (a missing answer scores 0). */
export function scoreAttempt(questions: readonly ExamQuestion[], answers: Record<string, ExamAnswer>): ScoredAnswers {
  const points: Record<string, number | null> = {};
  let score: number | null = 0;
  for (const question of questions) {
    const key = questionKey(question.title);
    const earned = scoreAnswer(question, answers[key]);
    points[key] = earned;
    score = earned === null || score === null ? null : score + earned;
  }
  return { points, score };
}
