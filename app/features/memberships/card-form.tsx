// The payment information block (spec §2, §3, §5, §9): card number with the brand's logo and mask, expiry month
// and year (12 options each, years from the clock's), security code by brand, valid/invalid styling and errors
// below the fields in English and Polish. When number, expiry and code are all valid it builds the cypher
// (`number|MM/YY|cvv|origin`, RSA with the server's public key through JSEncrypt, §4/§7) and hands it up; only
// the cypher has a form name, so the card itself is never posted to our server.
import { useEffect, useId, useRef, useState } from "react";
import { clsx } from "clsx";
import { Lock } from "lucide-react";
import {
  type CardCheck,
  type CardFields,
  checkCard,
  codeLength,
  emptyCard,
  monthOptions,
  yearOptions,
} from "#core/memberships/card/card-rules.ts";
import { encryptCard, type RsaEncryptor } from "#core/memberships/card/encrypt-card.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CardBrandLogo } from "./card-brand.tsx";
import { type CardFieldName, cardFieldErrors, changeCardField, fieldTone, type Settled } from "./card-form-state.ts";

export type CardFormChange = { fields: CardFields; check: CardCheck; cypher: string | null };

/** JSEncrypt loads in the browser only, when a cypher is first needed (its ESM build does not run in Node). */
async function loadEncryptor(): Promise<RsaEncryptor> {
  const { JSEncrypt } = await import("jsencrypt");
  return new JSEncrypt();
}

const toneClass = {
  valid: "border-emerald-600",
  invalid: "border-red-600",
  neutral: "border-gray-300",
} as const;
const controlClass = "min-h-10 rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm";

export function CardForm({
  publicKeyBase64,
  onChange,
  submitted = false,
  serverError,
  now,
  cypherName = "cypher",
}: {
  /** base64 of the PEM SPKI public key (the school's, or Tpay's from its panel) */
  publicKeyBase64: string;
  /** every change: the card data (shared state), the rules' check and the cypher once the card is valid */
  onChange?: (change: CardFormChange) => void;
  /** the form was submitted: half-typed parts show their errors */
  submitted?: boolean;
  /** a message from the server under `cypher` or `card` (already translated) */
  serverError?: string;
  /** the clock for the year options (tests move it) */
  now?: Date;
  /** the name of the hidden input carrying the cypher in a plain form post */
  cypherName?: string;
}) {
  const t = useT();
  const id = useId();
  const [fields, setFields] = useState<CardFields>(emptyCard);
  const [left, setLeft] = useState<Settled>({ number: false, expiry: false, cvv: false });
  // The cypher with the fields it was made from: a later change makes it stale at once, with no effect needed.
  const [made, setMade] = useState<{ fields: CardFields; cypher: string | null } | null>(null);
  const check = checkCard(fields);
  const cypher = made?.fields === fields ? made.cypher : null;
  const settled = submitted ? { number: true, expiry: true, cvv: true } : left;
  const errors = cardFieldErrors(check, settled);
  const [years] = useState(() => yearOptions(now ?? new Date()));

  // The parent's latest callback, so that a new function from the parent does not make the cypher again.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // §4: when number, expiry and code are all valid, the cypher is made (JSEncrypt loads on first need).
  useEffect(() => {
    const current = checkCard(fields);
    if (!current.valid) return;
    let live = true;
    void loadEncryptor().then((encryptor) => {
      if (!live) return;
      const encrypted = encryptCard(fields, { origin: window.location.origin, publicKeyBase64, encryptor });
      setMade({ fields, cypher: encrypted });
      onChangeRef.current?.({ fields, check: current, cypher: encrypted });
    });
    return () => {
      live = false;
    };
  }, [fields, publicKeyBase64]);

  // Every change goes up at once (the card data in shared state, §4), without a cypher until one is made.
  const change = (name: CardFieldName) => (event: { target: { value: string } }) => {
    const next = changeCardField(fields, name, event.target.value);
    setFields(next);
    onChange?.({ fields: next, check: checkCard(next), cypher: null });
  };
  const leave = (part: keyof Settled) => () => setLeft((previous) => ({ ...previous, [part]: true }));
  const codeSize = codeLength(check.brand);
  const describe = (part: string, error?: string, hint?: boolean) =>
    error ? `${id}-${part}-error` : hint ? `${id}-${part}-hint` : undefined;

  return (
    <fieldset className="flex flex-col gap-4" data-card-form data-card-valid={check.valid || undefined}>
      <legend className="mb-1 flex items-center gap-2 text-base font-semibold text-ink">
        <Lock aria-hidden className="size-4 text-muted" />
        {t("card:heading")}
      </legend>
      <p className="text-xs text-muted">{t("card:encrypted_hint")}</p>

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-number`} className="text-sm font-medium text-ink">
          {t("card:number_label")}
        </label>
        <div className="relative">
          <input
            id={`${id}-number`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            value={fields.cardNumber}
            onChange={change("cardNumber")}
            onBlur={leave("number")}
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={describe("number", errors.number)}
            data-state={fieldTone(check.number, Boolean(errors.number))}
            className={clsx(
              controlClass,
              "w-full pr-16 tabular-nums",
              toneClass[fieldTone(check.number, Boolean(errors.number))],
            )}
          />
          <span className="pointer-events-none absolute inset-y-0 right-2 flex items-center">
            <CardBrandLogo brand={check.brand} />
          </span>
        </div>
        <p className="sr-only" aria-live="polite">
          {check.brand ? t("card:brand", { brand: check.brand.niceType }) : ""}
        </p>
        {errors.number && (
          <p id={`${id}-number-error`} className="text-sm text-red-700" data-field-error="cardNumber">
            {t(errors.number)}
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-1" aria-describedby={describe("expiry", errors.expiry)}>
          <legend className="text-sm font-medium text-ink">{t("card:expiry_legend")}</legend>
          <div className="flex gap-2">
            <label htmlFor={`${id}-month`} className="sr-only">
              {t("card:month_label")}
            </label>
            <select
              id={`${id}-month`}
              autoComplete="cc-exp-month"
              value={fields.cardMonth}
              onChange={change("cardMonth")}
              onBlur={leave("expiry")}
              aria-invalid={errors.expiry ? true : undefined}
              data-state={fieldTone(check.expiry, Boolean(errors.expiry))}
              className={clsx(controlClass, "flex-1", toneClass[fieldTone(check.expiry, Boolean(errors.expiry))])}
            >
              <option value="">{t("card:month_placeholder")}</option>
              {monthOptions().map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-year`} className="sr-only">
              {t("card:year_label")}
            </label>
            <select
              id={`${id}-year`}
              autoComplete="cc-exp-year"
              value={fields.cardYear}
              onChange={change("cardYear")}
              onBlur={leave("expiry")}
              aria-invalid={errors.expiry ? true : undefined}
              data-state={fieldTone(check.expiry, Boolean(errors.expiry))}
              className={clsx(controlClass, "flex-1", toneClass[fieldTone(check.expiry, Boolean(errors.expiry))])}
            >
              <option value="">{t("card:year_placeholder")}</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year.slice(-2)}
                </option>
              ))}
            </select>
          </div>
          {errors.expiry && (
            <p id={`${id}-expiry-error`} className="text-sm text-red-700" data-field-error="cardExpiry">
              {t(errors.expiry)}
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-cvv`} className="text-sm font-medium text-ink">
            {t("card:cvv_label", { name: check.brand?.code.name ?? "CVV" })}
          </label>
          <input
            id={`${id}-cvv`}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={codeSize}
            value={fields.cardCvv}
            onChange={change("cardCvv")}
            onBlur={leave("cvv")}
            aria-invalid={errors.cvv ? true : undefined}
            aria-describedby={describe("cvv", errors.cvv, true)}
            data-state={fieldTone(check.cvv, Boolean(errors.cvv))}
            className={clsx(controlClass, "tabular-nums", toneClass[fieldTone(check.cvv, Boolean(errors.cvv))])}
          />
          {errors.cvv ? (
            <p id={`${id}-cvv-error`} className="text-sm text-red-700" data-field-error="cardCvv">
              {t(errors.cvv, { count: codeSize })}
            </p>
          ) : (
            <p id={`${id}-cvv-hint`} className="text-xs text-muted">
              {t("card:cvv_hint", { count: codeSize })}
            </p>
          )}
        </div>
      </div>

      <input type="hidden" name={cypherName} value={cypher ?? ""} />
      <p className="sr-only" aria-live="polite">
        {check.valid ? t("card:card_ready") : ""}
      </p>
      {serverError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </div>
      )}
    </fieldset>
  );
}
