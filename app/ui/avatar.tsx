// User avatar (spec §2, §9): 40 px by default; without a picture, the initials on a colour derived from the
// user's id and name, so the same person always gets the same colour.
const palette = [
  "#1d4ed8",
  "#047857",
  "#b45309",
  "#be123c",
  "#6d28d9",
  "#0e7490",
  "#4d7c0f",
  "#a21caf",
  "#c2410c",
  "#334155",
];

export function avatarColor(id: number, name: string): string {
  let hash = id;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[parts.length - 1]![0]! : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({ id, name, src, size = 40 }: { id: number; name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src) return <img src={src} alt={name} style={style} className="rounded-full object-cover" />;
  // The initials are drawn by CSS (generated content), not as text: inside a labelled button (the user menu)
  // visible text that is not part of the label would break WCAG 2.5.3 "label in name".
  return (
    <span
      aria-hidden
      data-testid="avatar"
      data-initials={initials(name)}
      style={{ ...style, backgroundColor: avatarColor(id, name) }}
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white before:content-[attr(data-initials)]"
    />
  );
}
