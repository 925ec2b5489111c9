// A stateful fake of Tpay's OpenAPI (OAuth token, POST/GET /transactions), of its secure host (the JWS root and
// signing certificates under /x509/, the payment page) and of its notifications: form posts with the md5sum and
// the detached JWS (X-JWS-Signature, RS256, x5u on this fake's origin, which the adapter trusts only because it
// is the configured base URL). Certificates come from tpay-certificates.ts.
// Card payments (memberships): sales in group 103 paid with the card form's cypher, which this fake decrypts with
// its card key pair (openssl, PKCS#1 v1.5, as Tpay does with the merchant's key) and checks by §5's rules, saving
// the card as a token on request; later charges of a token; scripted declines (ISO 8583 codes) and 3-D Secure.
import { createHash, randomBytes, sign } from "node:crypto";
import { cardKeyPairFromPem, generateCardKeyPem } from "#core/memberships/card/card-key-pair.ts";
import { payloadFields } from "#core/memberships/card/card-payload.ts";
import { checkCard } from "#core/memberships/card/card-rules.ts";
import { decryptCypher } from "#core/memberships/card/decrypt-cypher.ts";
import { testCardOutcome, type TestCardOutcome } from "#core/memberships/card/test-cards.ts";
import {
  changeBodyByte,
  changeSignatureByte,
  deliver,
  type Delivery,
  type FakeRequest,
  type FakeResponse,
  payPage,
  type SignedNotification,
  startFakeServer,
} from "./fake-http.ts";
import { tpayCertificates } from "./tpay-certificates.ts";

export type TpayFakeOptions = {
  clientId?: string;
  clientSecret?: string;
  merchantId?: string;
  securityCode?: string;
  /** the card form's key pair (PKCS#8 PEM private key); generated when absent */
  cardPrivateKeyPem?: string;
};

/** What a card does when charged: paid (the default), declined with an ISO 8583 code, or 3-D Secure first. */
export type FakeCardBehaviour =
  | { decline: string }
  | { threeDs: true }
  /** the sale is refused (HTTP 400 with this error code) */
  | { refuse: string }
  /** paid, but no card token comes back even when one was asked for */
  | { noToken: true };

// The acquirer's ISO 8583 codes the fake answers for the test cards' failures (core/memberships/card/test-cards.ts).
const isoCodeOf: Partial<Record<TestCardOutcome, string>> = {
  do_not_honour: "05",
  insufficient_funds: "51",
  limit_exceeded: "61",
  card_expired: "54",
  card_lost: "41",
  card_stolen: "43",
  closed_account: "46",
  card_invalid: "14",
  transaction_error: "96",
  three_ds_failed: "3DS_FAILED",
};

/** What a test card does at Tpay unless a test scripts it otherwise. */
function testCardBehaviour(number: string): FakeCardBehaviour | null {
  const outcome = testCardOutcome(number);
  if (outcome === "paid") return null;
  if (outcome === "three_ds") return { threeDs: true };
  if (outcome === "sale_error") return { refuse: "sale_refused" };
  if (outcome === "card_problem") return { noToken: true };
  return { decline: isoCodeOf[outcome] ?? "96" };
}

/** One card charge the fake took, for "charged exactly once" checks. */
export type FakeCardCharge = {
  transactionId: string;
  reference: string;
  amountCents: number;
  via: "cypher" | "token";
  token: string | null;
  status: "correct" | "declined" | "pending";
};

export type TpayVariant =
  | "valid"
  | "body-byte"
  | "signature-byte"
  /** JWS signed by another key, x5u pointing at the real signing certificate */
  | "wrong-key"
  /** JWS signed by a certificate a rogue root issued, served from the trusted host */
  | "rogue-certificate"
  /** x5u on another host */
  | "untrusted-x5u"
  /** valid JWS over a body whose md5sum used another security code */
  | "wrong-security-code";

type Transaction = {
  transactionId: string;
  title: string;
  amountCents: number;
  description: string;
  hiddenDescription: string;
  payer: { email: string; name: string };
  status: "pending" | "correct" | "error" | "declined";
  paidCents: number;
  groupId: number | null;
  /** the card saved by this payment, sent as card_token in its notification */
  cardToken: string | null;
  /** 3-D Secure pending: the card to save once the buyer passes it */
  pendingCard: { number: string; save: boolean } | null;
  errorCode: string | null;
  notificationUrl: string | null;
  successUrl: string | null;
  errorUrl: string | null;
  created: string;
};

// The fake's own amount handling (not the adapter's): "%.2f" out, at most two decimals in.
const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);
function decimalToCents(amount: number): number | null {
  const cents = Math.round(amount * 100);
  return Math.abs(amount * 100 - cents) < 1e-6 ? cents : null;
}

export type TpayFake = Awaited<ReturnType<typeof startTpayFake>>;

export async function startTpayFake(options: TpayFakeOptions = {}) {
  const clientId = options.clientId ?? "01FAKE-TPAY-CLIENT";
  const clientSecret = options.clientSecret ?? "fake-tpay-client-secret";
  const merchantId = options.merchantId ?? "1010";
  const securityCode = options.securityCode ?? "fake-tpay-security-code";
  const certificates = tpayCertificates();
  const tokens = new Set<string>();
  const transactions = new Map<string, Transaction>();
  const byTitle = new Map<string, Transaction>();
  const cardKeys = cardKeyPairFromPem(options.cardPrivateKeyPem ?? generateCardKeyPem());
  /** saved cards by token: the number behind each (declines are scripted per number) */
  const cardTokens = new Map<string, { number: string }>();
  const cardBehaviours = new Map<string, FakeCardBehaviour>();
  const cardCharges: FakeCardCharge[] = [];
  const cardDeliveries: Promise<Delivery | null>[] = [];

  function bearer(request: FakeRequest): FakeResponse | null {
    const value = request.headers.authorization ?? "";
    if (value.startsWith("Bearer ") && tokens.has(value.slice(7))) return null;
    return {
      status: 401,
      json: { result: "failed", errors: [{ errorCode: "unauthorized", errorMessage: "Invalid token" }] },
    };
  }

  function transactionJson(t: Transaction) {
    return {
      result: "success",
      requestId: randomBytes(10).toString("hex"),
      transactionId: t.transactionId,
      title: t.title,
      posId: "ps_fake",
      status: t.status,
      date: { creation: t.created, realization: t.status === "correct" ? t.created : null },
      amount: Number(centsToDecimal(t.amountCents)),
      currency: "PLN",
      description: t.description,
      hiddenDescription: t.hiddenDescription,
      payer: {
        payerId: "py_fake",
        email: t.payer.email,
        name: t.payer.name,
        phone: "",
        address: "",
        city: "",
        country: "PL",
        postalCode: "",
      },
      payments: {
        status: t.status,
        method: t.groupId === 103 ? "card" : null,
        amountPaid: Number(centsToDecimal(t.paidCents)),
        date: { realization: null },
        attempts: t.errorCode
          ? [{ date: t.created, paymentErrorCode: t.errorCode, paymentErrorDescription: "Declined" }]
          : [],
      },
      transactionPaymentUrl: `${server.url}/?title=${t.title}`,
    };
  }

  function invalid(field: string): FakeResponse {
    return {
      status: 400,
      json: {
        result: "failed",
        errors: [{ errorCode: "field_invalid", errorMessage: "Invalid value", fieldName: field }],
      },
    };
  }

  function find(id: string): Transaction {
    const found = transactions.get(id) ?? byTitle.get(id);
    if (!found) throw new Error(`no fake Tpay transaction ${id}`);
    return found;
  }

  function saveCard(number: string): string {
    const token = `ct_${randomBytes(16).toString("hex")}`;
    cardTokens.set(token, { number });
    return token;
  }

  /** Charges a card sale as the card's script says; a paid one notifies on its own, as Tpay does. */
  function chargeCard(
    t: Transaction,
    number: string,
    how: { via: "cypher" | "token"; token: string | null; save: boolean },
  ): FakeResponse | null {
    const behaviour = behaviourOf(number);
    if (behaviour && "refuse" in behaviour)
      return {
        status: 400,
        json: { result: "failed", errors: [{ errorCode: behaviour.refuse, errorMessage: "Sale refused" }] },
      };
    const charge: FakeCardCharge = {
      transactionId: t.transactionId,
      reference: t.hiddenDescription,
      amountCents: t.amountCents,
      via: how.via,
      token: how.token,
      status: "correct",
    };
    cardCharges.push(charge);
    if (behaviour && "decline" in behaviour) {
      t.status = "declined";
      t.errorCode = behaviour.decline;
      charge.status = "declined";
      return null;
    }
    if (behaviour && "threeDs" in behaviour && how.via === "cypher") {
      // The buyer passes (or fails) 3-D Secure on the payment page, whose Pay button completes the payment.
      t.pendingCard = { number, save: how.save };
      charge.status = "pending";
      return null;
    }
    t.status = "correct";
    t.paidCents = t.amountCents;
    if (how.save && !(behaviour && "noToken" in behaviour)) t.cardToken = saveCard(number);
    if (t.notificationUrl) {
      const url = t.notificationUrl;
      const notification = fake.notification(t.transactionId);
      cardDeliveries.push(deliver(notification, url).catch(() => null));
    }
    return null;
  }

  function behaviourOf(number: string): FakeCardBehaviour | null {
    return cardBehaviours.has(number) ? cardBehaviours.get(number)! : testCardBehaviour(number);
  }

  const server = await startFakeServer([
    {
      method: "POST",
      path: /^\/oauth\/auth$/,
      handle(request) {
        const form = new URLSearchParams(request.body);
        if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret)
          return { status: 401, json: { error: "invalid_client" } };
        const token = randomBytes(20).toString("hex");
        tokens.add(token);
        return {
          status: 200,
          json: {
            issued_at: Math.floor(Date.now() / 1000),
            scope: "read write",
            token_type: "Bearer",
            expires_in: 7200,
            client_id: clientId,
            access_token: token,
          },
        };
      },
    },
    {
      method: "POST",
      path: /^\/transactions$/,
      handle(request) {
        const refused = bearer(request);
        if (refused) return refused;
        const body = JSON.parse(request.body) as Record<string, any>;
        // Tpay takes decimal PLN: a JSON number with at most two decimals.
        const amountCents = typeof body.amount === "number" ? decimalToCents(body.amount) : null;
        if (!amountCents) return invalid("amount");
        if (typeof body.description !== "string" || !body.description) return invalid("description");
        if (typeof body.payer?.email !== "string" || typeof body.payer?.name !== "string") return invalid("payer");
        const transaction: Transaction = {
          transactionId: `01FAKE${randomBytes(10).toString("hex").toUpperCase()}`,
          title: `TR-FAK-${randomBytes(4).toString("hex").toUpperCase()}`,
          amountCents,
          description: body.description,
          hiddenDescription: typeof body.hiddenDescription === "string" ? body.hiddenDescription : "",
          payer: { email: body.payer.email, name: body.payer.name },
          status: "pending",
          paidCents: 0,
          groupId: typeof body.pay?.groupId === "number" ? body.pay.groupId : null,
          cardToken: null,
          pendingCard: null,
          errorCode: null,
          notificationUrl: body.callbacks?.notification?.url ?? null,
          successUrl: body.callbacks?.payerUrls?.success ?? null,
          errorUrl: body.callbacks?.payerUrls?.error ?? null,
          created: new Date().toISOString().slice(0, 19).replace("T", " "),
        };
        const token = body.pay?.cardPaymentData?.token;
        if (token !== undefined) {
          // A charge of a saved card: only in the card group, only a token this fake issued.
          const saved = typeof token === "string" ? cardTokens.get(token) : undefined;
          if (transaction.groupId !== 103 || !saved)
            return {
              status: 400,
              json: {
                result: "failed",
                errors: [{ errorCode: "card_token_invalid", errorMessage: "Invalid card token", fieldName: "token" }],
              },
            };
          transactions.set(transaction.transactionId, transaction);
          byTitle.set(transaction.title, transaction);
          const refusal = chargeCard(transaction, saved.number, { via: "token", token: token as string, save: false });
          return refusal ?? { status: 200, json: transactionJson(transaction) };
        }
        transactions.set(transaction.transactionId, transaction);
        byTitle.set(transaction.title, transaction);
        return { status: 200, json: transactionJson(transaction) };
      },
    },
    {
      method: "POST",
      path: /^\/transactions\/([^/]+)\/pay$/,
      async handle(request, [id]) {
        const refused = bearer(request);
        if (refused) return refused;
        const found = transactions.get(id!);
        if (!found)
          return {
            status: 404,
            json: { result: "failed", errors: [{ errorCode: "not_found", errorMessage: "Not found" }] },
          };
        const body = JSON.parse(request.body) as Record<string, any>;
        if (body.groupId !== 103 || typeof body.cardPaymentData?.card !== "string") return invalid("cardPaymentData");
        if (found.status !== "pending") return invalid("transactionId");
        // Tpay reads the cypher with the merchant's private key; a cypher it cannot read, or card data that fails
        // the card rules (checksum, expiry, code length), is refused.
        const payload = await decryptCypher(body.cardPaymentData.card, cardKeys.privateKeyPem);
        if (!payload || !checkCard(payloadFields(payload)).valid)
          return {
            status: 400,
            json: {
              result: "failed",
              errors: [{ errorCode: "card_data_invalid", errorMessage: "Invalid card data", fieldName: "card" }],
            },
          };
        fake.lastCardPayload = payload;
        const refusal = chargeCard(found, payload.number, {
          via: "cypher",
          token: null,
          save: body.cardPaymentData.save === true,
        });
        return refusal ?? { status: 200, json: transactionJson(found) };
      },
    },
    {
      method: "GET",
      path: /^\/transactions\/([^/]+)$/,
      handle(request, [id]) {
        const refused = bearer(request);
        if (refused) return refused;
        const found = transactions.get(id!) ?? byTitle.get(id!);
        if (!found)
          return {
            status: 404,
            json: { result: "failed", errors: [{ errorCode: "not_found", errorMessage: "Not found" }] },
          };
        return { status: 200, json: transactionJson(found) };
      },
    },
    {
      method: "GET",
      path: /^\/x509\/tpay-jws-root\.pem$/,
      handle: () => ({ status: 200, text: certificates.rootPem }),
    },
    {
      method: "GET",
      path: /^\/x509\/notifications-jws\.pem$/,
      handle: () => ({ status: 200, text: certificates.signingPem }),
    },
    {
      method: "GET",
      path: /^\/x509\/rogue-jws\.pem$/,
      handle: () => ({ status: 200, text: certificates.rogueSigningPem }),
    },
    {
      // Any other certificate address on the secure host: none there (what a forged x5u names).
      method: "GET",
      path: /^\/x509\/[^/]+$/,
      handle: () => ({ status: 404, text: "Not Found" }),
    },
    {
      method: "GET",
      path: /^\/$/,
      handle(request) {
        const found = byTitle.get(request.query.get("title") ?? "");
        if (!found) return { status: 404, text: "No such transaction" };
        return {
          status: 200,
          html: payPage(`Tpay (fake) ${found.title}`, `${centsToDecimal(found.amountCents)} PLN`, [
            { label: "Pay", action: `/pay/${found.title}/pay` },
            { label: "Fail", action: `/pay/${found.title}/fail` },
          ]),
        };
      },
    },
    {
      method: "POST",
      path: /^\/pay\/([^/]+)\/(pay|fail)$/,
      async handle(_request, [title, action]) {
        const found = byTitle.get(title!);
        if (!found) return { status: 404, text: "No such transaction" };
        if (action === "fail") {
          fake.fail(found.transactionId);
          return { status: 303, headers: { location: found.errorUrl ?? "/" } };
        }
        fake.pay(found.transactionId);
        if (found.notificationUrl) await deliver(fake.notification(found.transactionId), found.notificationUrl);
        return { status: 303, headers: { location: found.successUrl ?? "/" } };
      },
    },
  ]);

  // RSA signing costs about a millisecond: the forgery loops sign the same body many times, so signatures are kept.
  const signatures = new Map<string, string>();
  function jws(body: Buffer, key: string, x5u: string): string {
    const memo = `${key === certificates.signingKeyPem ? "real" : "rogue"}|${x5u}|${body.toString("base64")}`;
    const known = signatures.get(memo);
    if (known) return known;
    if (signatures.size > 1000) signatures.clear();
    signatures.set(memo, signJws(body, key, x5u));
    return signatures.get(memo)!;
  }
  function signJws(body: Buffer, key: string, x5u: string): string {
    const header = Buffer.from(JSON.stringify({ alg: "RS256", x5u })).toString("base64url");
    const signature = sign("sha256", Buffer.from(`${header}.${body.toString("base64url")}`), key).toString("base64url");
    return `${header}..${signature}`;
  }

  const fake = {
    ...server,
    merchantId,
    securityCode,
    rootCertificatePem: certificates.rootPem,
    /** the adapter settings that match this fake (the root is also served at /x509/tpay-jws-root.pem) */
    settings: {
      client_id: clientId,
      client_secret: clientSecret,
      merchant_id: merchantId,
      security_code: securityCode,
      environment: "sandbox",
      card_rsa_public_key: cardKeys.publicKeyBase64,
    } as Record<string, string>,
    transactions,
    transaction: find,
    /** The buyer pays (by default the full amount; `paidCents` plays an under- or over-payment). */
    pay(id: string, paidCents?: number) {
      const t = find(id);
      t.status = "correct";
      t.paidCents = paidCents ?? t.amountCents;
      // A card payment that waited for 3-D Secure: now it is paid, and the card saved when asked.
      if (t.pendingCard) {
        if (t.pendingCard.save) t.cardToken = saveCard(t.pendingCard.number);
        t.pendingCard = null;
        const charge = cardCharges.find((c) => c.transactionId === t.transactionId);
        if (charge) charge.status = "correct";
      }
    },
    /** the card key pair: its public half (base64 PEM SPKI) is what the page encrypts with */
    cardKeys,
    cardTokens,
    cardCharges,
    /** the last card payload decrypted from a cypher (number|MM/YY|cvv|origin, read back) */
    lastCardPayload: null as Awaited<ReturnType<typeof decryptCypher>>,
    /**
     * Scripts what charging this card number does from now on (also through its token); null restores the
     * default: the test cards' outcomes (core/memberships/card/test-cards.ts), any other number paid.
     */
    setCardBehaviour(number: string, behaviour: FakeCardBehaviour | null) {
      if (behaviour) cardBehaviours.set(number, behaviour);
      else cardBehaviours.delete(number);
    },
    /** waits for the notifications card payments sent on their own (paid without 3-D Secure) */
    async settled(): Promise<(Delivery | null)[]> {
      return Promise.all(cardDeliveries);
    },
    fail(id: string) {
      find(id).status = "error";
    },
    /** The notification Tpay posts for a transaction, signed like Tpay; `variant` and `extra` build the forgeries. */
    notification(
      id: string,
      variant: TpayVariant = "valid",
      extra: {
        status?: string;
        index?: number;
        /** another x5u in the JWS header (still signed with the variant's key) */
        x5u?: string;
        /** fields changed before the md5sum is computed (a notification for another order or amount) */
        fields?: { tr_crc?: string; tr_amount?: string; id?: string };
      } = {},
    ): SignedNotification {
      const t = find(id);
      const index = extra.index ?? 0;
      const paid = t.paidCents || t.amountCents;
      const fields = {
        id: merchantId,
        tr_id: t.title,
        tr_date: t.created,
        tr_crc: t.hiddenDescription,
        tr_amount: centsToDecimal(t.amountCents),
        tr_paid: centsToDecimal(paid),
        tr_desc: t.description,
        tr_status: extra.status ?? "TRUE",
        tr_error: paid === t.amountCents ? "none" : paid < t.amountCents ? "surcharge" : "overpay",
        tr_email: t.payer.email,
        test_mode: "1",
        // A saved card's token rides on the payment's notification (outside the md5sum, inside the JWS).
        ...(t.cardToken ? { card_token: t.cardToken } : {}),
        ...extra.fields,
      };
      const code = variant === "wrong-security-code" ? randomBytes(8).toString("hex") : securityCode;
      const md5sum = createHash("md5")
        .update(`${fields.id}${fields.tr_id}${fields.tr_amount}${fields.tr_crc}${code}`)
        .digest("hex");
      const body = Buffer.from(new URLSearchParams({ ...fields, md5sum }).toString());
      const x5u =
        extra.x5u ??
        (variant === "rogue-certificate"
          ? `${server.url}/x509/rogue-jws.pem`
          : variant === "untrusted-x5u"
            ? `http://tpay.invalid/x509/notifications-jws.pem`
            : `${server.url}/x509/notifications-jws.pem`);
      const key =
        variant === "wrong-key" || variant === "rogue-certificate"
          ? certificates.rogueSigningKeyPem
          : certificates.signingKeyPem;
      let signature = jws(body, key, x5u);
      if (variant === "signature-byte") {
        const [header, , encoded] = signature.split(".") as [string, string, string];
        signature = `${header}..${changeSignatureByte(encoded, "base64url", index)}`;
      }
      return {
        headers: { "content-type": "application/x-www-form-urlencoded", "x-jws-signature": signature },
        body: variant === "body-byte" ? changeBodyByte(body, index) : body.toString(),
      };
    },
    deliver(notification: SignedNotification, url: string): Promise<Delivery> {
      return deliver(notification, url);
    },
  };
  return fake;
}
