// Page forms: check the shared Zod schema in the browser first (same messages as the server), then send
// the JSON call through the api wrapper, and show a 422's field errors below their fields.
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { fieldErrorsOf } from "#core/validation.ts";
import { ApiError, api, type FieldMessages } from "./api.ts";
import { useT } from "./i18n.tsx";

type Options<T> = {
  url: string;
  method?: "POST" | "PUT" | "DELETE";
  schema?: z.ZodType;
  /** turns the form's fields into the body (default: string fields as they are) */
  toBody?: (form: FormData) => Record<string, unknown>;
  onSuccess: (data: T) => void;
};

export function useApiForm<T = Record<string, unknown>>(options: Options<T>) {
  const t = useT();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("_csrf");
    const body = options.toBody
      ? options.toBody(form)
      : Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    if (options.schema) {
      const result = options.schema.safeParse(body);
      if (!result.success) {
        const fields = fieldErrorsOf(result.error, body);
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => t(m.key, m.values ?? {}))])),
        );
        setMessage(undefined);
        return;
      }
    }
    setPending(true);
    setErrors({});
    setMessage(undefined);
    try {
      const data = await api<T>(options.method ?? "POST", options.url, body, { handled: [401, 403, 409, 429, 503] });
      options.onSuccess(data);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.status === 422 && Object.keys(error.errors).length) setErrors(error.errors);
        else if (error.status !== 419) setMessage(error.message);
      }
    } finally {
      setPending(false);
    }
  }

  return { onSubmit, errors, message, pending, setMessage };
}
