// Without JavaScript an upload slot inside a wizard step sends the step's whole form: what the person
// typed goes with the file and is saved before it (decision 0007), so nothing typed is lost. One form
// then holds every slot of the page, so the pressed button names its slot (and the slot's kind and
// side) and each file input carries its slot in its name. Shared by the slot component and the
// action that reads the post. No hidden inputs: the step form's values stay what the person typed.

const INTENT = /^upload:([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,64}):(front|back)?$/;

export interface StepUploadTarget {
  slot: string;
  kind: string;
  side?: "front" | "back";
}

/** The pressed upload button's intent value. */
export function stepUploadIntent({ slot, kind, side }: StepUploadTarget): string {
  return `upload:${slot}:${kind}:${side ?? ""}`;
}

/** The slot named by a step form's intent, or null for any other intent. */
export function parseStepUploadIntent(intent: unknown): StepUploadTarget | null {
  const match = typeof intent === "string" ? INTENT.exec(intent) : null;
  if (!match) return null;
  const [, slot = "", kind = "", side] = match;
  return side === "front" || side === "back" ? { slot, kind, side } : { slot, kind };
}

/** The name of one slot's file input inside the step form. */
export function stepUploadFileField(slot: string): string {
  return `content:${slot}`;
}

/** The file fields an upload post may carry: a slot's own form's, or a step form's. */
export function isUploadFileField(name: string): boolean {
  return name === "content" || name.startsWith("content:");
}
