// The checkout form's behaviour in the browser: the chosen option, seats, promo code and payment method; the
// price computed as the server will (core/selling/pricing.ts); the shared Zod schemas checked before sending; the
// order sent to /{x}/onepagecheckout (or ...register for a guest, or after an inline log-in) and the browser sent
// on to the answer's redirect. 409 (sold out, price changed, owned) shows above the button and reloads the page's
// data; 422 shows under the fields; 503 and the rest above the button.
import { type FormEvent, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { checkoutRegisterSchema, checkoutSchema } from "#core/selling/checkout-schema.ts";
import type { AppliedPromo } from "#core/selling/get-checkout-view.ts";
import { quote } from "#core/selling/pricing.ts";
import { cookieValue, PROMO_COOKIE } from "#core/selling/promo-cookie.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import type { CheckoutPageData } from "#app/routes/checkout/checkout-page.server.ts";
import { ApiError, api, type FieldMessages, setCsrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { AccountMode } from "./buyer-fields.tsx";
import { clearPromoCookie } from "./purchase-effects.ts";

type PromoAnswer = { promo_code: AppliedPromo };
type CheckoutAnswer = { hash: string; redirect: string; free: boolean; csrf_token?: string };
type LoginAnswer = { user: { name: string; email: string }; csrf_token: string };

const handledStatuses = [401, 403, 404, 409, 429, 503];

/** As the server compares codes (core/promo/redeem-promo-code.ts, not imported: it carries database code). */
const codeKey = (code: string) => code.trim().toUpperCase();

function focusFirstError() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('[data-checkout-form] [aria-invalid="true"]')?.focus(),
  );
}

export function useCheckout(data: CheckoutPageData) {
  const t = useT();
  const revalidator = useRevalidator();
  const { view, user } = data;
  const [variantId, setVariantId] = useState(view.variants[0]!.id);
  const [quantityText, setQuantityText] = useState("1");
  const [name, setName] = useState(user?.name ?? "");
  const [mode, setMode] = useState<AccountMode>(data.registrationEnabled ? "register" : "login");
  const [provider, setProvider] = useState<string>(view.providers[0] ?? "");
  const [promo, setPromo] = useState<AppliedPromo | null>(view.promo);
  const [promoInput, setPromoInput] = useState(view.remembered_code ?? "");
  const [promoErrors, setPromoErrors] = useState<string[] | undefined>(
    view.promo_error ? [t(view.promo_error)] : undefined,
  );
  const [promoPending, setPromoPending] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [loginMessage, setLoginMessage] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const variant = view.variants.find((v) => v.id === variantId) ?? view.variants[0]!;
  const parsedQuantity = Number.parseInt(quantityText, 10);
  const quantity = Number.isFinite(parsedQuantity) && parsedQuantity >= 1 ? parsedQuantity : 1;
  const price = quote(variant.price_cents, quantity, view.product.vat_rate, promo);
  const free = price.totalCents === 0;

  async function applyPromo(code = promoInput): Promise<AppliedPromo | null> {
    const trimmed = code.trim();
    if (!trimmed) return null;
    setPromoPending(true);
    setPromoErrors(undefined);
    try {
      const answer = await api<PromoAnswer>(
        "POST",
        "/json/promo-code",
        { code: trimmed, product_id: view.product.id, variant_id: variant.id, quantity },
        { handled: handledStatuses },
      );
      setPromo(answer.promo_code);
      setPromoInput(answer.promo_code.code);
      return answer.promo_code;
    } catch (error) {
      if (error instanceof ApiError && error.status !== 419)
        setPromoErrors(error.errors.promo_code ?? error.errors.code ?? [error.message]);
      return null;
    } finally {
      setPromoPending(false);
    }
  }

  // A ?promo= link opened this very page: its cookie came with this answer, after the server rendered the form.
  useEffect(() => {
    if (view.remembered_code) return;
    const code = cookieValue(document.cookie, PROMO_COOKIE);
    if (!code) return;
    let live = true;
    void Promise.resolve().then(() => (live ? applyPromo(code) : null));
    return () => {
      live = false;
    };
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function removePromo() {
    clearPromoCookie({ document });
    setPromo(null);
    setPromoInput("");
    setPromoErrors(undefined);
  }

  async function logIn(form: HTMLFormElement): Promise<LoginAnswer | null> {
    const fields = new FormData(form);
    const body = { email: String(fields.get("email") ?? ""), password: String(fields.get("password") ?? "") };
    setLoginMessage(undefined);
    setErrors({});
    try {
      const answer = await api<LoginAnswer>("POST", "/checkout/login", body, { handled: handledStatuses });
      setCsrfToken(answer.csrf_token);
      if (!name.trim()) setName(answer.user.name);
      // The header, the token in the page and the offer (a course already owned leads to watching it) follow.
      void revalidator.revalidate();
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status !== 419) {
        if (error.status === 422 && Object.keys(error.errors).length) {
          setErrors(error.errors);
          focusFirstError();
        } else setLoginMessage(error.message);
      }
      return null;
    }
  }

  function orderBody(form: HTMLFormElement, buyerName: string, appliedCode: string) {
    const fields = new FormData(form);
    const text = (key: string) => String(fields.get(key) ?? "");
    return {
      variant_id: variant.id,
      quantity: quantityText.trim() === "" ? undefined : Number(quantityText),
      unit_price_cents: variant.price_cents,
      name: buyerName,
      promo_code: appliedCode,
      provider: free ? "" : provider,
      invoice: fields.has("invoice"),
      company_name: text("company_name"),
      vat_number: text("vat_number"),
      street: text("street"),
      postal_code: text("postal_code"),
      city: text("city"),
      country: text("country") || "PL",
      terms: fields.has("terms"),
      marketing: fields.has("marketing"),
    };
  }

  function clientErrors(body: Record<string, unknown>, account: Record<string, unknown> | null): FieldMessages {
    const found: FieldMessages = {};
    const add = (
      result: ReturnType<typeof checkoutSchema.safeParse> | ReturnType<typeof checkoutRegisterSchema.safeParse>,
      input: unknown,
    ) => {
      if (result.success) return;
      for (const [field, list] of Object.entries(fieldErrorsOf(result.error, input))) {
        found[field] = [...(found[field] ?? []), ...list.map((m) => t(m.key, m.values ?? {}))];
      }
    };
    add(checkoutSchema.safeParse(body), body);
    if (account) add(checkoutRegisterSchema.safeParse(account), account);
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setAlert(undefined);
    const guest = !user;
    let buyerName = name;
    let asGuest = guest && mode === "register";

    const fields = new FormData(form);
    const account = asGuest
      ? { email: String(fields.get("email") ?? ""), password: String(fields.get("password") ?? "") }
      : null;
    // In the log-in panel the name may stay empty: the account's name is used.
    const draft = orderBody(form, guest && mode === "login" ? buyerName || "-" : buyerName, promo?.code ?? "");
    const found = clientErrors(draft, account);
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirstError();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      // A guest in the log-in panel who presses Pay logs in first and then buys.
      if (guest && mode === "login") {
        const logged = await logIn(form);
        if (!logged) return;
        buyerName = buyerName.trim() || logged.user.name;
        asGuest = false;
      }
      // A code typed but not applied yet is applied (and checked) first: the buyer pays what the summary shows.
      let applied = promo;
      if (promoInput.trim() && codeKey(promoInput) !== codeKey(promo?.code ?? "")) {
        applied = await applyPromo();
        if (!applied) return;
      }
      const body = { ...orderBody(form, buyerName, applied?.code ?? ""), ...(account ?? {}) };
      const url = asGuest ? view.paths.buyAndRegister : view.paths.buy;
      const answer = await api<CheckoutAnswer>("POST", url, body, { handled: handledStatuses });
      if (answer.csrf_token) setCsrfToken(answer.csrf_token);
      window.location.assign(answer.redirect);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 419) return;
      if (error.status === 422 && Object.keys(error.errors).length) {
        const { promo_code: promoError, ...rest } = error.errors;
        if (promoError) {
          setPromo(null);
          setPromoErrors(promoError);
        }
        setErrors(rest);
        focusFirstError();
        if (rest.variant_id || rest.quantity || rest.provider || rest.unit_price_cents) void revalidator.revalidate();
      } else {
        setAlert(error.message);
        // Sold out or a new price: the page shows what holds now.
        if (error.status === 409) void revalidator.revalidate();
      }
    } finally {
      setPending(false);
    }
  }

  return {
    variant,
    setVariantId,
    quantityText,
    setQuantityText,
    quantity,
    name,
    setName,
    mode,
    setMode: (next: AccountMode) => {
      setErrors({});
      setLoginMessage(undefined);
      setMode(next);
    },
    provider,
    setProvider,
    promo,
    promoInput,
    setPromoInput,
    promoErrors,
    promoPending,
    applyPromo: () => void applyPromo(),
    removePromo,
    logIn: (form: HTMLFormElement | null) => {
      if (!form) return;
      setPending(true);
      void logIn(form).finally(() => setPending(false));
    },
    loginMessage,
    price,
    free,
    errors,
    alert,
    pending: pending || promoPending,
    submit,
  };
}
