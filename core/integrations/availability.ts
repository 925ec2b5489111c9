// What this server can run, whatever the admin's switches say. The built-in test payments let anybody "pay"
// without money, so the server allows them only outside production unless TEST_PAYMENTS=on (server/payments.ts).
// Where they are not allowed, switching them on would be a switch that does nothing: it is refused with the
// reason, and the card says what to do instead.
import { AppError } from "#core/errors.ts";

export type ServerAvailability = { testPayments: boolean };

export function isAvailable(provider: string, availability: ServerAvailability): boolean {
  return provider !== "test" || availability.testPayments;
}

export function assertCanSwitchOn(provider: string, enabled: boolean, availability: ServerAvailability): void {
  if (enabled && !isAvailable(provider, availability)) {
    throw new AppError("conflict", { messageKey: "integrations:test_payments_off" });
  }
}
