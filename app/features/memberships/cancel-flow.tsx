// Cancelling a membership (spec §4, §5, §7): a dialog asks the member to type CANCEL, then POST
// /my/membership/cancel answers {membership_id}. When it answers a retention_offer instead (once per membership,
// decision 0042), one screen shows it: accept (POST /my/membership/retention accept=true, nothing canceled) or
// decline (accept=false: canceled as below, then the survey). An abandoned checkout (STARTED) just reloads; otherwise the survey
// dialog asks why (a reason is required; 'other' and 'technical' need at least 4 characters), POST
// /my/membership/cancel-survey, and the page reloads when the survey closes, answered or not. Both dialogs are
// Radix dialogs: focus moves in and is trapped, Escape closes, focus returns to the button that opened them.
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { MembershipStatus } from "#platform/db/schema.ts";
import {
  CANCEL_WORD,
  OTHER_REASON_MAX,
  cancelSchema,
  cancelSurveySchema,
  cancellationReasons,
} from "#core/memberships/schemas.ts";
import type { RetentionOffer } from "#core/memberships/retention.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { api, ApiError, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { useSubmitLock } from "./submit-lock.ts";

function useMessages() {
  const t = useT();
  return (errors: ReturnType<typeof fieldErrorsOf>): FieldMessages =>
    Object.fromEntries(
      Object.entries(errors).map(([field, list]) => [field, list.map((e) => t(e.key, e.values ?? {}))]),
    );
}

export function CancelMembership({ membershipId, status }: { membershipId: number; status: MembershipStatus }) {
  const t = useT();
  const revalidator = useRevalidator();
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const [offer, setOffer] = useState<RetentionOffer | null>(null);

  /** The retention offer's one screen: accepting keeps the membership; declining cancels, then the survey. */
  async function answerOffer(accept: boolean) {
    setPending(true);
    try {
      await api("POST", "/my/membership/retention", { membership_id: membershipId, accept });
      setOffer(null);
      if (accept) await revalidator.revalidate();
      else setSurveyOpen(true);
    } catch {
      // the api wrapper has said what went wrong
      setOffer(null);
      await revalidator.revalidate();
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      membership_id: membershipId,
      confirm: String(new FormData(event.currentTarget).get("confirm") ?? ""),
    };
    const checked = cancelSchema.safeParse(body);
    if (!checked.success) {
      setErrors(messages(fieldErrorsOf(checked.error, body)));
      return;
    }
    setPending(true);
    setErrors({});
    setMessage(undefined);
    try {
      const answer = await api<{ membership_id: number; retention_offer?: RetentionOffer }>(
        "POST",
        "/my/membership/cancel",
        body,
        { handled: [404, 409, 422] },
      );
      setOpen(false);
      if (answer.retention_offer) setOffer(answer.retention_offer);
      else if (status === "STARTED") await revalidator.revalidate();
      else setSurveyOpen(true);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        if (Object.keys(error.errors).length === 0) setMessage(error.message);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("memberships:cancel_title")}
        description={t("memberships:cancel_text", { word: CANCEL_WORD })}
        trigger={
          <Button variant="danger" data-testid="cancel-membership">
            {t("memberships:cancel_button")}
          </Button>
        }
      >
        <form onSubmit={confirm} noValidate className="mt-4 flex flex-col gap-4">
          <FormAlert message={message} />
          <Field
            label={t("memberships:cancel_confirm_label", { word: CANCEL_WORD })}
            name="confirm"
            autoComplete="off"
            errors={errors.confirm}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose>
              <Button variant="secondary" type="button">
                {t("memberships:keep_membership")}
              </Button>
            </DialogClose>
            <Button variant="danger" type="submit" disabled={pending}>
              {t("memberships:cancel_confirm")}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={offer !== null}
        onOpenChange={(next) => {
          if (!next) setOffer(null);
        }}
        title={t("memberships:retention_title")}
        description={
          offer?.kind === "discount"
            ? t("memberships:retention_discount", { percent: offer.percent, count: offer.periods })
            : t("memberships:retention_pause", { count: offer?.periods ?? 0 })
        }
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2" data-testid="retention-offer">
          <Button variant="secondary" type="button" disabled={pending} onClick={() => void answerOffer(false)}>
            {t("memberships:retention_decline")}
          </Button>
          <Button type="button" disabled={pending} onClick={() => void answerOffer(true)}>
            {t("memberships:retention_accept")}
          </Button>
        </div>
      </Dialog>
      <CancelSurvey
        membershipId={membershipId}
        open={surveyOpen}
        onClose={() => {
          setSurveyOpen(false);
          void revalidator.revalidate();
        }}
      />
    </>
  );
}

export function CancelSurvey({
  membershipId,
  open,
  onClose,
  trigger = null,
}: {
  membershipId: number;
  open: boolean;
  onClose: () => void;
  trigger?: React.ReactNode;
}) {
  const t = useT();
  const id = useId();
  const messages = useMessages();
  const lock = useSubmitLock();
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string>();
  const needsWords = reason === "other" || reason === "technical";

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      membership_id: membershipId,
      reason: String(data.get("reason") ?? ""),
      other_reason: String(data.get("other_reason") ?? ""),
    };
    const checked = cancelSurveySchema.safeParse(body);
    if (!checked.success) {
      setErrors(messages(fieldErrorsOf(checked.error, body)));
      return;
    }
    if (!lock.take()) return;
    setErrors({});
    setMessage(undefined);
    try {
      await api("POST", "/my/membership/cancel-survey", body, { handled: [404, 409, 422] });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        if (Object.keys(error.errors).length === 0) setMessage(error.message);
      }
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t("memberships:survey_title")}
      description={t("memberships:survey_text")}
      trigger={trigger ?? <span hidden />}
    >
      <form onSubmit={send} noValidate className="mt-4 flex flex-col gap-4" data-testid="cancel-survey">
        <FormAlert message={message} />
        <fieldset aria-describedby={errors.reason?.length ? `${id}-reason-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-ink">{t("memberships:survey_reason")}</legend>
          <div className="flex flex-col gap-2">
            {cancellationReasons.map((value) => (
              <label
                key={value}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-brand-600"
                />
                {t(`memberships:reason_${value}_label`)}
              </label>
            ))}
          </div>
          {errors.reason?.length ? (
            <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700" data-field-error="reason">
              {errors.reason.join(" ")}
            </p>
          ) : null}
        </fieldset>
        {needsWords && (
          <Field
            label={t(reason === "technical" ? "memberships:survey_technical_label" : "memberships:survey_other_label")}
            name="other_reason"
            maxLength={OTHER_REASON_MAX}
            autoComplete="off"
            errors={errors.other_reason}
          />
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={lock.locked} data-testid="survey-submit">
            {t("memberships:survey_send")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
