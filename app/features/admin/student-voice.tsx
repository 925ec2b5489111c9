// The dashboard's 'voice of the student' (issue 17, item 1): three short lists (the latest survey answers, the
// latest cancellation reasons, the latest reviews), each linking to its full screen. Dates come formatted by the
// loader in the school's time zone.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ClipboardList, MessageSquareQuote, UserMinus, type LucideIcon } from "lucide-react";
import { ratingKind } from "#core/reviews/rating.ts";
import type { StudentVoice } from "#core/admin/get-student-voice.ts";
import { useT } from "#app/lib/i18n.tsx";

type Dated<T> = T & { date: string };
export type StudentVoiceView = {
  surveyAnswers: Dated<StudentVoice["surveyAnswers"][number]>[];
  cancellations: Dated<StudentVoice["cancellations"][number]>[];
  reviews: Dated<StudentVoice["reviews"][number]>[];
};

const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

function VoiceList({
  name,
  icon: Icon,
  title,
  empty,
  more,
  children,
}: {
  name: string;
  icon: LucideIcon;
  title: string;
  empty: string;
  more: ReactNode;
  children: ReactNode[];
}) {
  const id = `voice-${name}`;
  return (
    <section
      aria-labelledby={id}
      data-voice={name}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
    >
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-5 shrink-0 text-brand-600" />
        {title}
      </h3>
      {children.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">{children}</ul>
      )}
      <p className="mt-auto text-sm">{more}</p>
    </section>
  );
}

export function StudentVoicePanel({ voice }: { voice: StudentVoiceView }) {
  const t = useT();
  return (
    <section aria-labelledby="student-voice" className="flex flex-col gap-3">
      <h2 id="student-voice" className="text-xl font-semibold">
        {t("admin:voice_title")}
      </h2>
      <div className="grid gap-3 sm:gap-4 lg:grid-cols-3">
        <VoiceList
          name="surveys"
          icon={ClipboardList}
          title={t("admin:voice_surveys")}
          empty={t("admin:voice_surveys_empty")}
          more={
            <Link to="/home/surveys" className={linkClass}>
              {t("admin:voice_surveys_all")}
            </Link>
          }
        >
          {voice.surveyAnswers.map((answer) => (
            <li key={answer.id} className="flex flex-col">
              <Link to={`/home/surveys/${answer.survey_id}`} className="font-medium break-words text-ink underline">
                {answer.survey_title}
              </Link>
              <span className="text-muted">
                {answer.name} · {answer.date}
              </span>
            </li>
          ))}
        </VoiceList>
        <VoiceList
          name="cancellations"
          icon={UserMinus}
          title={t("admin:voice_cancellations")}
          empty={t("admin:voice_cancellations_empty")}
          more={
            <Link to="/home/memberships/members" className={linkClass}>
              {t("admin:voice_cancellations_all")}
            </Link>
          }
        >
          {voice.cancellations.map((cancellation) => (
            <li key={cancellation.id} className="flex flex-col">
              <Link
                to={`/home/memberships/members/${cancellation.membership_id}`}
                className="font-medium break-words text-ink underline"
              >
                {t(`memberships:reason_${cancellation.reason}_label`)}
              </Link>
              {cancellation.other_reason && <span className="break-words">“{cancellation.other_reason}”</span>}
              <span className="text-muted">
                {cancellation.name} · {cancellation.date}
              </span>
            </li>
          ))}
        </VoiceList>
        <VoiceList
          name="reviews"
          icon={MessageSquareQuote}
          title={t("admin:voice_reviews")}
          empty={t("admin:voice_reviews_empty")}
          more={
            <Link to="/home/reviews" className={linkClass}>
              {t("admin:voice_reviews_all")}
            </Link>
          }
        >
          {voice.reviews.map((review) => (
            <li key={review.id} className="flex flex-col">
              <span className="font-medium break-words">
                {t(`reviews:${ratingKind(review.rating)}`)}
                {review.title && ` · ${review.title}`}
              </span>
              <span className="break-words text-muted">
                {review.course_title} · {review.first_name} · {review.date} · {t(`reviews:status_${review.status}`)}
              </span>
            </li>
          ))}
        </VoiceList>
      </div>
    </section>
  );
}
