// /invitations/{token}: the link of an invitation e-mail (spec §2 course access manager). It shows the course and
// who invited. Only the invited e-mail can take the seat: a logged-in user with that address accepts (POST
// /invitations/{token}/accept) and gets the course; a visitor is offered an account for that address (the form
// is prefilled) or a login, and comes back here; someone logged in with another address is told so. A used,
// withdrawn or unknown link says so clearly.
import { type ReactNode, useState } from "react";
import { data, Link, useLocation, useRevalidator } from "react-router";
import { CheckCircle2, MailOpen } from "lucide-react";
import { findInvitationByToken } from "#core/access-manager/find-invitation.ts";
import { registerSchema } from "#core/accounts/schemas.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { ApiError, api, setCsrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/accept.ts";
import { PasswordFields } from "#app/ui/password-fields.tsx";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [
    { title: `${t("access:invitation_title")} · ${root?.school?.name ?? "Studium"}` },
    { name: "robots", content: "noindex" },
  ];
}

type State = "unknown" | "used" | "inactive" | "accepted" | "visitor" | "other_email" | "has_access" | "ready";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const token = params.token ?? "";
  const invitation = await findInvitationByToken(services.db, token);
  if (!invitation)
    return data(
      { state: "unknown" as State, token, invitation: null, user: null, registrationEnabled: false },
      { status: 404 },
    );
  const user = ctx.user;
  let state: State;
  if (invitation.status === "accepted") state = user && invitation.user_id === user.id ? "accepted" : "used";
  else if (!invitation.usable) state = "inactive";
  else if (!user) state = "visitor";
  else if (user.email.toLowerCase() !== invitation.email.toLowerCase()) state = "other_email";
  else if (await hasCourseAccess(services.db, user, invitation.course.id)) state = "has_access";
  else state = "ready";
  return {
    state,
    token,
    invitation: {
      name: invitation.name,
      email: invitation.email,
      inviter: invitation.inviter,
      course: invitation.course,
    },
    user: user ? { email: user.email } : null,
    registrationEnabled: Boolean(ctx.school?.registration_enabled),
  };
}

/** Only keys the accept and register forms can produce are shown from ?error= (their plain forms' failures). */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|access|accounts):[a-z_]+$/.test(key) ? key : undefined;
}

function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "warn" }) {
  return (
    <div
      role="status"
      className={
        tone === "warn"
          ? "rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900"
          : "rounded-md border border-brand-200 bg-brand-50 px-3 py-3 text-sm text-ink"
      }
    >
      {children}
    </div>
  );
}

function AcceptButton({ token }: { token: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const url = `/invitations/${token}/accept`;
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setMessage(undefined);
        try {
          await api("POST", url, {}, { handled: [403, 404, 409] });
          toast.success(t("access:accepted_toast"));
          await revalidator.revalidate();
        } catch (error) {
          if (error instanceof ApiError && error.status !== 419) setMessage(error.message);
        } finally {
          setBusy(false);
        }
      }}
      className="flex flex-col gap-3"
    >
      <CsrfField />
      <FormAlert message={message} />
      <Button type="submit" disabled={busy} className="self-start">
        {t("access:accept")}
      </Button>
    </form>
  );
}

function RegisterForm({ token, name, email }: { token: string; name: string; email: string }) {
  const t = useT();
  const next = `/invitations/${token}`;
  const form = useApiForm<{ redirect: string; csrf_token: string }>({
    url: "/register",
    schema: registerSchema,
    onSuccess: (answer) => {
      setCsrfToken(answer.csrf_token);
      window.location.assign(answer.redirect);
    },
  });
  return (
    <form
      method="post"
      action="/register"
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-labelledby="register-title"
    >
      <h2 id="register-title" className="text-lg font-semibold">
        {t("access:register_title")}
      </h2>
      <CsrfField />
      <input type="hidden" name="next" value={next} />
      <FormAlert message={form.message} />
      <Field
        label={t("accounts:name")}
        name="name"
        autoComplete="name"
        defaultValue={name}
        required
        errors={form.errors.name}
      />
      <Field
        label={t("accounts:email")}
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={email}
        readOnly
        hint={t("access:email_fixed")}
        errors={form.errors.email}
      />
      <PasswordFields label={t("accounts:password")} errors={form.errors} />
      <Button type="submit" disabled={form.pending} className="self-start">
        {t("accounts:register_button")}
      </Button>
    </form>
  );
}

export default function Invitation({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = errorKey(location.search);
  const invitation = d.invitation;
  const next = encodeURIComponent(`/invitations/${d.token}`);
  const watch = invitation ? `/${invitation.course.slug}/watch` : "/";

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <div className="flex items-start gap-3">
          <MailOpen aria-hidden className="mt-1 size-7 shrink-0 text-brand-600" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold">{t("access:invitation_title")}</h1>
            {invitation && (
              <p className="mt-2 break-words text-ink">
                {t("access:invitation_lead", { inviter: invitation.inviter, course: invitation.course.title })}
              </p>
            )}
          </div>
        </div>

        {error && d.state !== "accepted" && <FormAlert message={t(error, { email: invitation?.email ?? "" })} />}

        {d.state === "unknown" && <Notice tone="warn">{t("access:invitation_unknown")}</Notice>}
        {d.state === "used" && <Notice tone="warn">{t("access:invitation_used")}</Notice>}
        {d.state === "inactive" && <Notice tone="warn">{t("access:invitation_inactive")}</Notice>}

        {invitation && d.state !== "used" && d.state !== "inactive" && d.state !== "accepted" && (
          <p className="text-sm break-words text-muted">{t("access:same_email_rule", { email: invitation.email })}</p>
        )}

        {d.state === "accepted" && (
          <>
            <p
              role="status"
              className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900"
            >
              <CheckCircle2 aria-hidden className="size-5 shrink-0" />
              {t("access:accepted_notice")}
            </p>
            <Link to={watch} className={buttonClass("primary", "self-start")}>
              {t("access:start_watching")}
            </Link>
          </>
        )}

        {d.state === "has_access" && (
          <>
            <Notice>{t("access:you_have_access")}</Notice>
            <Link to={watch} className={buttonClass("primary", "self-start")}>
              {t("access:start_watching")}
            </Link>
          </>
        )}

        {d.state === "ready" && <AcceptButton token={d.token} />}

        {d.state === "other_email" && invitation && d.user && (
          <Notice tone="warn">
            {t("access:invitation_other_email_logged", { email: invitation.email, current: d.user.email })}
          </Notice>
        )}

        {d.state === "visitor" && invitation && (
          <>
            <p className="text-sm">
              {t("access:have_account")}{" "}
              <Link to={`/login?next=${next}`} className="font-semibold text-brand-700 underline underline-offset-4">
                {t("access:login_to_accept")}
              </Link>
            </p>
            {d.registrationEnabled ? (
              <div className="border-t border-gray-200 pt-5">
                <RegisterForm token={d.token} name={invitation.name} email={invitation.email} />
              </div>
            ) : (
              <Notice tone="warn">{t("accounts:registration_disabled")}</Notice>
            )}
          </>
        )}
      </div>
    </div>
  );
}
