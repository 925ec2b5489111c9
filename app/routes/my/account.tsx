// Account settings: profile, e-mail (re-authenticated), password (re-authenticated, may sign out the other
// devices) and e-mail notification preferences. Each section is its own form and says 'Saved' on success.
import { type ReactNode, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { getOwnAccount } from "#core/accounts/own-account.ts";
import { publicUser } from "#core/accounts/public-user.ts";
import { listTopicLevels } from "#core/community/notifications/topic-levels.ts";
import { listMyPublicTags } from "#core/students/list-my-public-tags.ts";
import { pageContext } from "#server/page-context.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  notificationsSchema,
  updateProfileSchema,
} from "#core/accounts/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { NotificationDropdown } from "#app/features/community/notification-dropdown.tsx";
import { Button } from "#app/ui/button.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { TagChip } from "#app/features/students/tag-chip.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/account.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { PasswordField, PasswordFields } from "#app/ui/password-fields.tsx";
import { EraseMyAccount, MyDataExport } from "#app/features/accounts/my-data.tsx";
import { privacyErrorFromQuery } from "#app/features/students/privacy-panel.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "accounts:account_settings");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    user: publicUser(await getOwnAccount(services.db, ctx.actor)),
    topics: await listTopicLevels(services.db, ctx.actor),
    groups: await listMyPublicTags(services.db, ctx.actor),
  };
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const formClass = "flex max-w-md flex-col gap-4";

function useSaved() {
  const t = useT();
  const revalidator = useRevalidator();
  return () => {
    toast.success(t("saved"));
    // The header shows the name and e-mail from the root loader.
    void revalidator.revalidate();
  };
}

function ProfileForm({ name }: { name: string }) {
  const t = useT();
  const saved = useSaved();
  const form = useApiForm({ url: "/my/account", method: "PUT", schema: updateProfileSchema, onSuccess: saved });
  return (
    <form method="post" action="/my/account" onSubmit={form.onSubmit} noValidate className={formClass}>
      <CsrfField />
      <FormAlert message={form.message} />
      <Field
        label={t("accounts:name")}
        name="name"
        autoComplete="name"
        required
        defaultValue={name}
        errors={form.errors.name}
      />
      <div>
        <Button type="submit" disabled={form.pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

function EmailForm({ email }: { email: string }) {
  const t = useT();
  const saved = useSaved();
  const ref = useRef<HTMLFormElement>(null);
  const form = useApiForm({
    url: "/my/account/email",
    schema: changeEmailSchema,
    toBody: (data) => ({
      email: String(data.get("email") ?? ""),
      current_password: String(data.get("current_password") ?? ""),
      sign_out_others: data.has("sign_out_others"),
    }),
    onSuccess: () => {
      saved();
      const password = ref.current?.elements.namedItem("current_password");
      if (password instanceof HTMLInputElement) password.value = "";
    },
  });
  return (
    <form ref={ref} method="post" action="/my/account/email" onSubmit={form.onSubmit} noValidate className={formClass}>
      <CsrfField />
      <FormAlert message={form.message} />
      <Field
        label={t("accounts:email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        errors={form.errors.email}
      />
      <PasswordField
        label={t("accounts:current_password")}
        name="current_password"
        autoComplete="current-password"
        required
        errors={form.errors.current_password}
      />
      <Checkbox label={t("accounts:sign_out_others")} name="sign_out_others" defaultChecked />
      <div>
        <Button type="submit" disabled={form.pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const t = useT();
  const ref = useRef<HTMLFormElement>(null);
  const form = useApiForm({
    url: "/my/account/password",
    schema: changePasswordSchema,
    toBody: (data) => ({
      current_password: String(data.get("current_password") ?? ""),
      password: String(data.get("password") ?? ""),
      password_confirmation: String(data.get("password_confirmation") ?? ""),
      sign_out_others: data.has("sign_out_others"),
    }),
    onSuccess: () => {
      toast.success(t("saved"));
      ref.current?.reset();
    },
  });
  return (
    <form
      ref={ref}
      method="post"
      action="/my/account/password"
      onSubmit={form.onSubmit}
      noValidate
      className={formClass}
    >
      <CsrfField />
      <FormAlert message={form.message} />
      <PasswordField
        label={t("accounts:current_password")}
        name="current_password"
        autoComplete="current-password"
        required
        errors={form.errors.current_password}
      />
      <PasswordFields
        label={t("accounts:new_password")}
        confirmation={t("accounts:new_password_confirmation")}
        errors={form.errors}
      />
      <Checkbox label={t("accounts:sign_out_others")} name="sign_out_others" defaultChecked />
      <div>
        <Button type="submit" disabled={form.pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

function NotificationsForm({ preferences }: { preferences: { product_updates: boolean; community_replies: boolean } }) {
  const t = useT();
  const saved = useSaved();
  const form = useApiForm({
    url: "/my/account/notifications",
    schema: notificationsSchema,
    toBody: (data) => ({
      product_updates: data.has("product_updates"),
      community_replies: data.has("community_replies"),
    }),
    onSuccess: saved,
  });
  return (
    <form method="post" action="/my/account/notifications" onSubmit={form.onSubmit} noValidate className={formClass}>
      <CsrfField />
      <FormAlert message={form.message} />
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t("accounts:notifications_title")}</legend>
        <Checkbox
          label={t("accounts:notify_product_updates")}
          name="product_updates"
          defaultChecked={preferences.product_updates}
        />
        <Checkbox
          label={t("accounts:notify_community_replies")}
          name="community_replies"
          defaultChecked={preferences.community_replies}
        />
      </fieldset>
      <div>
        <Button type="submit" disabled={form.pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

/** The community topics the user chose a mail level for, each with the topic feed's dropdown. */
function TopicNotifications({ topics }: { topics: Route.ComponentProps["loaderData"]["topics"] }) {
  const t = useT();
  if (topics.length === 0) return <p className="text-sm text-muted">{t("notifications:settings_empty")}</p>;
  return (
    <ul className="flex flex-col divide-y divide-gray-200">
      {topics.map((topic) => (
        <li key={topic.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <a href={`/community/topics/${topic.id}`} className="font-medium text-brand-700 hover:underline">
            {topic.title}
          </a>
          <NotificationDropdown
            topicId={topic.id}
            level={topic.level}
            label={t("notifications:settings_level_of", { topic: topic.title })}
          />
        </li>
      ))}
    </ul>
  );
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { user, topics, groups } = loaderData;
  const { search } = useLocation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("accounts:account_settings")}</h1>
      {groups.length > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="my-groups">
          <span className="text-muted">{t("students:my_tags")}:</span>
          {groups.map((name) => (
            <TagChip key={name} tag={{ name, public: true }} />
          ))}
        </p>
      )}
      <Section id="profile" title={t("accounts:profile_title")}>
        <ProfileForm name={user.name} />
      </Section>
      <Section id="email" title={t("accounts:email_title")} intro={t("accounts:email_intro")}>
        {/* A new address after saving re-mounts the form, so the field shows it. */}
        <EmailForm key={user.email} email={user.email} />
      </Section>
      <Section id="password" title={t("accounts:password_title")} intro={t("accounts:password_intro")}>
        <PasswordForm />
      </Section>
      <Section id="notifications" title={t("accounts:notifications_title")} intro={t("accounts:notifications_intro")}>
        <NotificationsForm preferences={user.email_notification} />
      </Section>
      <Section
        id="community-notifications"
        title={t("notifications:settings_title")}
        intro={t("notifications:settings_intro")}
      >
        <TopicNotifications topics={topics} />
      </Section>
      <Section id="my-data" title={t("students:my_data_title")} intro={t("students:my_data_intro")}>
        <MyDataExport error={privacyErrorFromQuery(search)} />
      </Section>
      {user.role === "student" && <EraseMyAccount />}
    </div>
  );
}
