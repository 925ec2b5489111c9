// Editor forms kept in state (the product editor, the course details): fields are edited through `set` / `input`;
// on submit the body made from the state is checked first (amounts that are not amounts, then the shared Zod
// schema: messages per field and the summary on top, nothing sent), then sent, and a 422 is shown the same way.
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { ApiError, type FieldMessages } from "./api.ts";
import { formErrors } from "./form-errors.ts";
import { useT } from "./i18n.tsx";

/** What a text input or a select needs to show and change one field of the state. */
export type InputProps = { value: string; onChange: (event: { target: { value: string } }) => void };

type Request = {
  body: Record<string, unknown>;
  /** field -> message key, for amounts that are not amounts */
  moneyErrors: Record<string, string>;
  schema: z.ZodType;
  send: () => Promise<void>;
  /** statuses besides 422 whose message the form shows on top (the call lists them as handled) */
  shown?: number[];
};

export function useEditorForm<S extends object>(initial: () => S) {
  const t = useT();
  const [state, setState] = useState<S>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof S>(key: K) =>
    (value: S[K]) =>
      setState((s) => ({ ...s, [key]: value }));
  const input = (key: keyof S): InputProps => ({
    value: state[key] as string,
    onChange: (event) => set(key)(event.target.value as never),
  });

  async function submit(event: FormEvent<HTMLFormElement>, request: Request) {
    event.preventDefault();
    const found = formErrors(t, request.schema, request.body, request.moneyErrors);
    setMessage(undefined);
    if (Object.keys(found).length) {
      setErrors(found);
      setMessage(t("validation:summary"));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await request.send();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        setMessage(t("validation:summary"));
      } else if (error instanceof ApiError && request.shown?.includes(error.status)) {
        setMessage(error.message);
      }
    } finally {
      setPending(false);
    }
  }

  return { state, setState, set, input, errors, setErrors, message, pending, submit };
}
