// The red-edged panel at the foot of an edit page that holds its irreversible action (deleting the course, the
// product, the topic, the article): a heading, what the action takes with it, then the action itself.
import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export function DangerZone({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby="danger-zone" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-8">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{text}</p>
      {children}
    </section>
  );
}

/**
 * The usual DangerZone: one red Delete button that opens a ConfirmDialog (optionally typing a word first), and
 * `onConfirm` does the deleting (the caller's call, toast and navigation).
 */
export function DeleteInDangerZone({
  title,
  text,
  buttonLabel,
  dialogTitle,
  description = text,
  typeToConfirm,
  onConfirm,
}: {
  title: string;
  text: string;
  buttonLabel: string;
  dialogTitle: string;
  description?: string;
  typeToConfirm?: string;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <DangerZone title={title} text={text}>
      <div className="mt-4">
        <ConfirmDialog
          trigger={
            <Button variant="danger">
              <Trash2 aria-hidden className="size-4" />
              {buttonLabel}
            </Button>
          }
          title={dialogTitle}
          description={description}
          confirmLabel={buttonLabel}
          typeToConfirm={typeToConfirm}
          onConfirm={onConfirm}
        />
      </div>
    </DangerZone>
  );
}
