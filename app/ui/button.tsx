import type { ButtonHTMLAttributes } from "react";
import { clsx } from "clsx";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary: "bg-white text-ink ring-1 ring-gray-300 hover:bg-gray-50 disabled:text-gray-400",
  ghost: "text-ink hover:bg-gray-100 disabled:text-gray-400",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/50",
};

export function buttonClass(variant: Variant = "primary", extra?: string) {
  return clsx(
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed",
    variants[variant],
    extra,
  );
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
